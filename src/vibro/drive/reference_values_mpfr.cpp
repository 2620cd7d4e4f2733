// The reference's values in MPFR (drive/reference_values.hpp): what the test set's stored values
// are computed from (testset/testset_reference.cpp).

#include "vibro/drive/reference_values_in.hpp"

namespace vibro {

template ReferenceValues reference_values_in<mpfr_real>(const CaseSpec&, const TimesOf<mpfr_real>&,
                                                        const std::string&, const StateAt<mpfr_real>&);

}  // namespace vibro
