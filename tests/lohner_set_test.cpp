// Lohner's form of a set carried through a map (proof/lohner_set.hpp) against a closed form: the
// rotation by π/4 applied 100 times (12.5 turns) maps (x, y) to (−x, −y). A box carried as a box
// grows √2 times a rotation (its image's box is √2 wider: the wrapping effect), 2^50 over 100;
// carried in Lohner's form it stays the same box, rotated, to the rounding: the test checks both,
// and that the set holds the exact images of the box's corners and centre.

#include "vibro/proof/lohner_set.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

using vibro::proof::Ball;
using vibro::proof::LohnerSet;

TEST(LohnerSet, CarriesABoxThroughOneHundredRotationsWithoutWrapping) {
  const vibro::proof::BallPrecision precision(vibro::proof::proof_bits(40));
  const Ball c = vibro::proof::sqrt(Ball(2)) / Ball(2);  // cos π/4 = sin π/4
  const std::vector<Ball> rotation{c, -c, c, c};
  const Ball r = Ball::of_text("1e-10");
  const Ball x0 = Ball::of_text("0.3"), y0 = Ball::of_text("-0.2");
  LohnerSet set = LohnerSet::around({x0 + Ball::hull(-r, r), y0 + Ball::hull(-r, r)});
  std::vector<Ball> box{x0 + Ball::hull(-r, r), y0 + Ball::hull(-r, r)};
  for (int k = 0; k < 100; ++k) {
    // The map is linear: its value at the centre and its Jacobian (the rotation) as balls.
    const std::vector<Ball>& centre = set.centre();
    set = set.next({c * centre[0] - c * centre[1], c * centre[0] + c * centre[1]}, rotation);
    box = {c * box[0] - c * box[1], c * box[0] + c * box[1]};
  }
  const std::vector<Ball> out = set.box();
  // The images of the centre and of the four corners: (−x, −y).
  for (const Ball& dx : {Ball(0), r, -r})
    for (const Ball& dy : {Ball(0), r, -r}) {
      EXPECT_TRUE(out[0].contains(-(x0 + dx))) << out[0].text(20);
      EXPECT_TRUE(out[1].contains(-(y0 + dy))) << out[1].text(20);
    }
  // The set's box: the rotated box's, 1e−10 × √2 at most (a square turned by a multiple of π/4
  // has a box √2 wider or the same), plus the rounding; the plain boxes: 2^50 times wider.
  EXPECT_LT(out[0].radius(), 1.5e-10);
  EXPECT_LT(out[1].radius(), 1.5e-10);
  EXPECT_GT(box[0].radius(), 1e4);
}

/// The map's value at the centre known only within ±1e−8 (as a Taylor step's centre is, with its
/// remainder): ten rotations by π/4, each adding an unknown s_k in [−1e−8, 1e−8]²: the set holds
/// the motion of the centre with s_k = (1e−8, 0) at every step, computed here, and is at least
/// 1e−8 wide (that width is carried, not dropped).
TEST(LohnerSet, CarriesTheWidthOfTheCentresImage) {
  const vibro::proof::BallPrecision precision(vibro::proof::proof_bits(40));
  const Ball c = vibro::proof::sqrt(Ball(2)) / Ball(2);
  const std::vector<Ball> rotation{c, -c, c, c};
  const Ball d = Ball::of_text("1e-8"), unknown = Ball::hull(-d, d);
  LohnerSet set = LohnerSet::around({Ball::of_text("0.3"), Ball::of_text("-0.2")});
  Ball x = Ball::of_text("0.3"), y = Ball::of_text("-0.2");
  for (int k = 0; k < 10; ++k) {
    const std::vector<Ball>& centre = set.centre();
    set = set.next({c * centre[0] - c * centre[1] + unknown, c * centre[0] + c * centre[1] + unknown}, rotation);
    const Ball next_x = c * x - c * y + d, next_y = c * x + c * y;
    x = next_x, y = next_y;
  }
  const std::vector<Ball> out = set.box();
  EXPECT_TRUE(out[0].contains(x)) << out[0].text(20) << " vs " << x.text(20);
  EXPECT_TRUE(out[1].contains(y)) << out[1].text(20) << " vs " << y.text(20);
  EXPECT_GT(out[0].radius(), 1e-8);
}

}  // namespace
