#pragma once
// A scheme as `vibro list --schemes --json` lists it, and the list (docs/outputs.md
// "`vibro list --json`").

#include "vibro/results/listing_result.hpp"

namespace vibro {

/// The catalog (case/scheme_catalog.hpp) as listed.
SchemeListing scheme_listing();

}  // namespace vibro
