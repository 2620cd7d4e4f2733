#include "vibro/scalar/number_text.hpp"

#include "vibro/scalar/parse_exact.hpp"
#include "vibro/scalar/shown_input.hpp"

#include <stdexcept>

namespace vibro {

rational NumberText::exact() const {
  if (const auto value = parse_exact(text)) return *value;
  throw std::logic_error("a result number that is not a finite decimal or fraction: " + shown_input(text));
}

}  // namespace vibro
