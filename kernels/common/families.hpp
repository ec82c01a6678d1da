// families.hpp - one function per op family, each appending the family's descriptors
// (kernels/common/op_table.cpp), and add_catalogue, the families a program links (kernels/common/catalogue.cpp
// natively; a generated file per web module, web/bundles.json).
#pragma once
#include <vector>

#include "core/registry.hpp"

namespace whence {

void add_gather_family(OpList& t);
void add_elementwise_family(OpList& t);
void add_reduce_family(OpList& t);
void add_movement_family(OpList& t);
void add_indexing_family(OpList& t);
void add_select_family(OpList& t);
void add_factory_family(OpList& t);
void add_join_family(OpList& t);
void add_resample_family(OpList& t);
void add_contraction_family(OpList& t);
void add_window_family(OpList& t);
void add_random_family(OpList& t);
void add_special_family(OpList& t);

// The families this program holds, in the order `whence ops` lists them. Each catalogue file
// defines it and one CatalogueInstaller, which hands it to core's op_table when the program
// starts (core/registry.hpp: core never calls into the kernels by name).
void add_catalogue(OpList& t);
struct CatalogueInstaller {
  CatalogueInstaller() { set_catalogue(&add_catalogue); }
};

}  // namespace whence
