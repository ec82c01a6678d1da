#include "value.hpp"

namespace whence {

std::string python_type_name(const Value& v) {
  struct Visitor {
    bool tuple;
    std::string operator()(const None&) const { return "NoneType"; }
    std::string operator()(bool) const { return "bool"; }
    std::string operator()(std::int64_t) const { return "int"; }
    std::string operator()(double) const { return "float"; }
    std::string operator()(const std::string&) const { return "str"; }
    std::string operator()(DType) const { return "torch.dtype"; }
    std::string operator()(const Tensor&) const { return "Tensor"; }
    std::string operator()(const List&) const { return tuple ? "tuple" : "list"; }
    std::string operator()(const Slice&) const { return "slice"; }
    std::string operator()(const Ellipsis&) const { return "ellipsis"; }
    std::string operator()(const GeneratorRef&) const { return "torch._C.Generator"; }
    std::string operator()(const GradFnRef& g) const { return g.name; }
    std::string operator()(const ObjectRef& o) const { return o.object->type_name(); }
  };
  return std::visit(Visitor{v.is_tuple}, v.v);
}

}  // namespace whence
