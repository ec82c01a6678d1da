// families.hpp - one function per op family, each appending the family's descriptors
// (kernels/op_table.cpp), and add_catalogue, the families a program links (kernels/catalogue.cpp
// natively; a generated file per web module, web/bundles.json).
#pragma once
#include <vector>

#include "core/registry.hpp"

namespace whence {

using OpList = std::vector<const OpDescriptor*>;

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

// The families this program holds, in the order `whence ops` lists them.
void add_catalogue(OpList& t);

}  // namespace whence
