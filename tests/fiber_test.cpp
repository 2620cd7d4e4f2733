// A fiber beside the caller (support/fiber.hpp): the two hand over in the order they choose,
// each keeps its own MPFR default precision across hand-overs (the reason it is a fiber and
// not a thread), an exception thrown inside is kept and crosses to no other stack, and a fiber
// stopped half-way by an exception at its hand-over point destroys its objects.

#include "vibro/support/fiber.hpp"

#include "vibro/scalar/types.hpp"
#include "vibro/scalar/with_scalar.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace vibro::testing {
namespace {

TEST(Fiber, TheBodyAndItsCallerTakeTurnsWhereTheyHandOver) {
  std::vector<std::string> order;
  Fiber* self = nullptr;
  Fiber fiber([&] {
    order.push_back("body 1");
    self->hand_over();
    order.push_back("body 2");
  });
  self = &fiber;
  EXPECT_FALSE(fiber.started());
  order.push_back("caller 1");
  fiber.resume();
  EXPECT_TRUE(fiber.started());
  EXPECT_FALSE(fiber.finished());
  order.push_back("caller 2");
  fiber.resume();
  EXPECT_TRUE(fiber.finished());
  EXPECT_FALSE(fiber.failure());
  EXPECT_EQ(order, (std::vector<std::string>{"caller 1", "body 1", "caller 2", "body 2"}));
  EXPECT_THROW(fiber.resume(), std::logic_error);
}

TEST(Fiber, EachSideKeepsItsOwnMpfrPrecision) {
  const MpfrPrecisionGuard callers(50);
  Fiber* self = nullptr;
  std::vector<unsigned> seen_inside;
  Fiber fiber([&] {
    const MpfrPrecisionGuard own(120);
    seen_inside.push_back(mpfr_real::default_precision());
    self->hand_over();
    seen_inside.push_back(mpfr_real::default_precision());
    const mpfr_real third = mpfr_real(1) / 3;  // made at the fiber's precision
    seen_inside.push_back(third.precision());
  });
  self = &fiber;
  fiber.resume();
  EXPECT_EQ(mpfr_real::default_precision(), 50u);
  const mpfr_real third = mpfr_real(1) / 3;
  EXPECT_EQ(third.precision(), 50u);
  fiber.resume();
  EXPECT_EQ(mpfr_real::default_precision(), 50u);  // the body's guard restored its own on return
  EXPECT_EQ(seen_inside, (std::vector<unsigned>{120, 120, 120}));
}

TEST(Fiber, AnExceptionInsideIsKeptAndTheCallerGoesOn) {
  Fiber fiber([] { throw std::runtime_error("inside the fiber"); });
  fiber.resume();
  EXPECT_TRUE(fiber.finished());
  ASSERT_TRUE(fiber.failure());
  try {
    std::rethrow_exception(fiber.failure());
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "inside the fiber");
  }
}

TEST(Fiber, StoppedAtItsHandOverItDestroysItsObjects) {
  struct Counted {
    int& destroyed;
    ~Counted() { ++destroyed; }
  };
  int destroyed = 0;
  bool stop = false;
  Fiber* self = nullptr;
  Fiber fiber([&] {
    const Counted one{destroyed};
    const std::vector<double> held(1000, 1.0);
    for (;;) {
      self->hand_over();
      if (stop) throw std::runtime_error("stopped");
    }
  });
  self = &fiber;
  fiber.resume();
  fiber.resume();
  EXPECT_EQ(destroyed, 0);
  stop = true;
  fiber.resume();
  EXPECT_TRUE(fiber.finished());
  EXPECT_EQ(destroyed, 1);
}

}  // namespace
}  // namespace vibro::testing
