// SPDX-License-Identifier: MIT
// Logistic regression as the training programs fit it: features standardised
// (feature 0 is the bias and is left as it is), rows weighted, an L2 penalty
// of 1 on the standardised weights, Newton's method until no weight moves by
// 1e-4 or max_iterations steps.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace winnow::learn {

// Solves A x = b for a symmetric positive definite n x n matrix A (row-major)
// by Cholesky's factorisation.
std::vector<double> solve_spd(std::vector<double> a, std::vector<double> b, std::size_t n);

double sigmoid(double z);

// row(r, x) writes the `features` values of row r (r < rows) into x, in the
// same order every call; label(r) is in [0, 1] (1: the positive class, or
// the probability the row should get); weight(r) > 0. weights, mean
// and scale get `features` values each: P(label 1 | x) = sigmoid(sum_j
// weights[j] (x[j] - mean[j]) / scale[j]).
template <typename Row, typename Label, typename Weight>
void fit_logistic(std::size_t rows, std::size_t features, int max_iterations, Row row, Label label, Weight weight,
                  float* weights, float* mean, float* scale) {
  const std::size_t F = features;
  std::vector<float> x(F);
  std::vector<double> sum(F, 0), sq(F, 0);
  for (std::size_t r = 0; r < rows; ++r) {
    row(r, x.data());
    for (std::size_t j = 0; j < F; ++j) sum[j] += x[j], sq[j] += static_cast<double>(x[j]) * x[j];
  }
  const double count = static_cast<double>(rows);
  for (std::size_t j = 0; j < F; ++j) {
    const double m = count > 0 ? sum[j] / count : 0;
    const double var = count > 0 ? sq[j] / count - m * m : 0;
    mean[j] = j == 0 ? 0.0f : static_cast<float>(m);
    scale[j] = (j == 0 || var < 1e-10) ? 1.0f : static_cast<float>(std::sqrt(var));
  }
  constexpr double kLambda = 1.0;
  std::vector<double> w(F, 0.0), z(F);
  for (int iteration = 0; iteration < max_iterations; ++iteration) {
    std::vector<double> gradient(F, 0.0), hessian(F * F, 0.0);
    for (std::size_t r = 0; r < rows; ++r) {
      row(r, x.data());
      double s = 0;
      for (std::size_t j = 0; j < F; ++j) {
        z[j] = (x[j] - mean[j]) / scale[j];
        s += w[j] * z[j];
      }
      const double p = sigmoid(s);
      const double v = weight(r);
      const double g = v * (p - label(r));
      const double h = v * std::max(p * (1 - p), 1e-9);
      for (std::size_t j = 0; j < F; ++j) {
        if (z[j] == 0.0) continue;
        gradient[j] += g * z[j];
        for (std::size_t k = 0; k <= j; ++k) hessian[j * F + k] += h * z[j] * z[k];
      }
    }
    for (std::size_t j = 0; j < F; ++j) {
      for (std::size_t k = 0; k < j; ++k) hessian[k * F + j] = hessian[j * F + k];
      hessian[j * F + j] += kLambda;
      gradient[j] += kLambda * w[j];
    }
    const std::vector<double> step = solve_spd(hessian, gradient, F);
    double change = 0;
    for (std::size_t j = 0; j < F; ++j) {
      w[j] -= step[j];
      change = std::max(change, std::fabs(step[j]));
    }
    if (change < 1e-4) break;
  }
  for (std::size_t j = 0; j < F; ++j) weights[j] = static_cast<float>(w[j]);
}

}  // namespace winnow::learn
