// SPDX-License-Identifier: MIT
// The training programs' logistic regression: the linear solver, and fits
// that recover a known model.
#include "adapters/learn/logistic.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace winnow::learn {
namespace {

TEST(Logistic, SolvesASymmetricPositiveDefiniteSystem) {
  // A = [[4, 2, 0], [2, 5, 1], [0, 1, 3]], x = (1, -2, 3): b = A x.
  const std::vector<double> a = {4, 2, 0, 2, 5, 1, 0, 1, 3};
  const std::vector<double> b = {0, -5, 7};
  const std::vector<double> x = solve_spd(a, b, 3);
  ASSERT_EQ(x.size(), 3u);
  EXPECT_NEAR(x[0], 1, 1e-12);
  EXPECT_NEAR(x[1], -2, 1e-12);
  EXPECT_NEAR(x[2], 3, 1e-12);
}

// Rows drawn from P(y = 1 | x) = sigmoid(-1 + 2 x1 - 3 x2): the fit, read back
// in the original units, recovers those coefficients.
TEST(Logistic, RecoversTheCoefficientsOfTheModelTheDataCameFrom) {
  std::mt19937 generator(7);
  std::normal_distribution<float> feature(0.5f, 1.0f);
  std::uniform_real_distribution<double> coin(0, 1);
  constexpr std::size_t kRows = 20000;
  std::vector<float> x(kRows * 3);
  std::vector<int> y(kRows);
  for (std::size_t r = 0; r < kRows; ++r) {
    x[3 * r] = 1.0f;  // the bias feature
    x[3 * r + 1] = feature(generator);
    x[3 * r + 2] = feature(generator);
    const double z = -1 + 2 * x[3 * r + 1] - 3 * x[3 * r + 2];
    y[r] = coin(generator) < sigmoid(z) ? 1 : 0;
  }
  float weights[3], mean[3], scale[3];
  fit_logistic(
      kRows, 3, 25, [&](std::size_t r, float* row) { std::copy(&x[3 * r], &x[3 * r] + 3, row); },
      [&](std::size_t r) { return y[r]; }, [](std::size_t) { return 1.0; }, weights, mean, scale);
  EXPECT_EQ(mean[0], 0.0f) << "the bias is not standardised";
  EXPECT_EQ(scale[0], 1.0f);
  EXPECT_NEAR(mean[1], 0.5, 0.05);
  EXPECT_NEAR(scale[1], 1.0, 0.05);
  // Back to the original units: w_j / scale_j, and the intercept absorbs the means.
  const double w1 = weights[1] / scale[1], w2 = weights[2] / scale[2];
  const double intercept = weights[0] - w1 * mean[1] - w2 * mean[2];
  EXPECT_NEAR(w1, 2.0, 0.2);
  EXPECT_NEAR(w2, -3.0, 0.3);
  EXPECT_NEAR(intercept, -1.0, 0.2);
}

// Weights count like repeated rows: one row of weight 3 fits as three copies.
TEST(Logistic, ARowsWeightCountsAsThatManyCopies) {
  const std::vector<float> feature = {-1, -0.5f, 0, 0.5f, 1, 1.5f};
  const std::vector<int> label = {0, 1, 0, 1, 1, 0};
  const std::vector<double> weight = {1, 1, 3, 1, 2, 1};
  std::vector<float> copies_x;
  std::vector<int> copies_y;
  for (std::size_t r = 0; r < feature.size(); ++r)
    for (int c = 0; c < static_cast<int>(weight[r]); ++c) copies_x.push_back(feature[r]), copies_y.push_back(label[r]);
  float w_weighted[2], m_weighted[2], s_weighted[2], w_copies[2], m_copies[2], s_copies[2];
  fit_logistic(
      feature.size(), 2, 25, [&](std::size_t r, float* row) { row[0] = 1, row[1] = feature[r]; },
      [&](std::size_t r) { return label[r]; }, [&](std::size_t r) { return weight[r]; }, w_weighted, m_weighted,
      s_weighted);
  fit_logistic(
      copies_x.size(), 2, 25, [&](std::size_t r, float* row) { row[0] = 1, row[1] = copies_x[r]; },
      [&](std::size_t r) { return copies_y[r]; }, [](std::size_t) { return 1.0; }, w_copies, m_copies, s_copies);
  // The standardisation is unweighted (each row once), so compare in the
  // original units.
  const double slope_weighted = w_weighted[1] / s_weighted[1], slope_copies = w_copies[1] / s_copies[1];
  EXPECT_NE(slope_copies, 0.0);
  EXPECT_NEAR(slope_weighted, slope_copies, 0.35 * std::fabs(slope_copies) + 0.05);
}

}  // namespace
}  // namespace winnow::learn
