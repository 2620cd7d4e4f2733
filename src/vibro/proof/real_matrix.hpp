#pragma once
// An Arb ball matrix (arb_mat_t) that clears itself: for the proofs that need Arb's rigorous
// matrix routines (arb_mat_inv, arb_mat_solve).

#include <arb_mat.h>

#include <cstddef>

namespace vibro::proof {

struct RealMatrix {
  RealMatrix(slong rows, slong cols) { arb_mat_init(m, rows, cols); }
  ~RealMatrix() { arb_mat_clear(m); }
  RealMatrix(const RealMatrix&) = delete;
  RealMatrix& operator=(const RealMatrix&) = delete;
  arb_ptr at(std::size_t i, std::size_t j) { return arb_mat_entry(m, static_cast<slong>(i), static_cast<slong>(j)); }
  arb_mat_t m;
};

}  // namespace vibro::proof
