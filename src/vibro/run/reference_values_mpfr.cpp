// The reference's values in MPFR (run/reference_values.hpp): what the test set's stored values
// are computed from (run/testset_reference.cpp).

#include "vibro/run/reference_values_in.hpp"

namespace vibro {

template ReferenceValues reference_values_in<mpfr_real>(const CaseSpec&, const TimesOf<mpfr_real>&,
                                                        const std::string&);

}  // namespace vibro
