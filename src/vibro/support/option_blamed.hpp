#pragma once
// A run that an option of the command line made (an ensemble's moved start, a second
// precision, a golden's shorter horizon) is refused in the words of the case it runs:
// "key 'initial.v0'" for a start the user never wrote, "key '--precision'" for a precision
// given as --second-precision, "key 'horizon.periods'" for a horizon the file does not hold.
// Said again here as an error of the option that made it.

#include "vibro/support/input_error.hpp"

#include <string>
#include <utility>

namespace vibro {

/// f(); an InputError it throws whose key `blamed(key)` accepts is thrown again as one of
/// `option`, after `context` (what the option made: "the run at mpfr:30"), with the key
/// the case's run named.
template <class Blamed, class F>
decltype(auto) with_option_blamed(const std::string& option, const std::string& context, Blamed&& blamed, F&& f) {
  try {
    return std::forward<F>(f)();
  } catch (const InputError& error) {
    if (error.key() == option || !blamed(error.key())) throw;
    throw InputError(error.file(), option,
                     context + ": " + (error.key().empty() ? std::string() : "key '" + error.key() + "': ") +
                         error.message());
  }
}

}  // namespace vibro
