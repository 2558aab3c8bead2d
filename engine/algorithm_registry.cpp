// SPDX-License-Identifier: MIT
#include "engine/algorithm_registry.h"

#include "engine/algorithm.h"
#include "engine/block_classifier.h"
#include "engine/bte.h"
#include "engine/cetr.h"
#include "engine/crunch.h"
#include "engine/default_extractor.h"
#include "engine/dsc.h"
#include "engine/mss.h"
#include "engine/lqf.h"
#include "engine/mountain.h"
#include "engine/ncleaner.h"
#include "engine/plain.h"
#include "engine/readability.h"
#include "engine/relevance.h"
#include "engine/shallow_text.h"
#include "engine/textsweeper.h"

namespace winnow {

std::unique_ptr<Algorithm> AlgorithmInfo::instantiate(MemoryBudget& budget) const {
  return create_with != nullptr ? create_with(budget, context) : create(budget);
}

const std::vector<AlgorithmInfo>& algorithm_registry() {
  static const std::vector<AlgorithmInfo> registry = {
      {"default", "winnow's extractor: learnt block model + HMM smoothing, streams with a 7-block delay",
       &create_default_extractor},
      {"default-precision", "the default extractor, threshold moved towards precision (--favor precision)",
       &create_default_extractor_favoring_precision},
      {"default-recall", "the default extractor, threshold moved towards recall (--favor recall)",
       &create_default_extractor_favoring_recall},
      {"plain", "every visible word; the recall-1 baseline (Gottron 2008)", &create_plain},
      {"bte", "Body Text Extraction: the one text run with the fewest tags (Finn et al. 2001)",
       &create_bte},
      {"dsc", "Document Slope Curve: runs of low tag density, online with a look-ahead (Pinto et al. 2002)",
       static_cast<std::unique_ptr<Algorithm> (*)(MemoryBudget&)>(&create_dsc)},
      {"cetr", "Content Extraction via Tag Ratios: smoothed text-to-tag ratio per line over a running threshold (Weninger & Hsu 2008)",
       static_cast<std::unique_ptr<Algorithm> (*)(MemoryBudget&)>(&create_cetr)},
      {"cetr-km", "CETR with 2-D k-means over the smoothed ratio and its derivative (Weninger, Hsu & Han 2010)",
       &create_cetr_km},
      {"mss", "Maximum Subsequence Segmentation: the best-scoring run under a Naive Bayes token model (Pasternack & Roth 2009)",
       static_cast<std::unique_ptr<Algorithm> (*)(MemoryBudget&)>(&create_mss)},
      {"lqf", "Link Quota Filter: drops block-level elements whose own text is more than 50 % link text (Gottron 2008)",
       static_cast<std::unique_ptr<Algorithm> (*)(MemoryBudget&)>(&create_lqf)},
      {"lqf-0.25", "Link Quota Filter with threshold 0.25", &create_lqf_025},
      {"lqf-0.75", "Link Quota Filter with threshold 0.75", &create_lqf_075},
      {"textsweeper", "TextSweeper: net-text-to-tag ratio per node, the nodes within 0.9 of the best, their common ancestor, cleaned (Lang et al.)",
       static_cast<std::unique_ptr<Algorithm> (*)(MemoryBudget&)>(&create_textsweeper)},
      {"relevance", "Relevance-based: leaf scores smoothed by path-ID relevance, information blocks, 2-means (Wu et al. 2012)",
       static_cast<std::unique_ptr<Algorithm> (*)(MemoryBudget&)>(&create_relevance)},
      {"readability", "Readability: paragraphs score their ancestors, the top candidate and its qualifying siblings, cleaned; decided at the end (arc90 / Mozilla Readability.js)",
       static_cast<std::unique_ptr<Algorithm> (*)(MemoryBudget&)>(&create_readability)},
      {"mountain", "Mountain model: text cells raise an altitude, tags lower it; ridges within 0.2 of the highest kept (reconstructed from Bing et al. 2008)",
       static_cast<std::unique_ptr<Algorithm> (*)(MemoryBudget&)>(&create_mountain)},
      {"blocks", "Block classifier: shallow text features, position and id/class cues per block, logistic regression, one block delay (Yao & Zuo)",
       &create_block_classifier},
      {"crunch", "Crunch-style filter chain: adverts by URL and banner size, form controls, blocks over 50 % link text, link lists, text lists (Gupta et al. 2003)",
       static_cast<std::unique_ptr<Algorithm> (*)(MemoryBudget&)>(&create_crunch)},
      {"shallow-default", "Shallow text features: blocks of equal text density fused, the paper's link- and text-density rules over prev/curr/next, two-block delay (Kohlschuetter et al. 2010)",
       &create_shallow_default},
      {"shallow-article", "Shallow text features, article variant: number-of-words rules, title start, end-of-article markers, largest block and its same-level neighbours, decided at the end (Kohlschuetter et al. 2010)",
       &create_shallow_article},
      {"ncleaner", "NCleaner: per block, character n-gram models of content and of boilerplate text compared in bits per character, one block delay (Evert 2008)",
       &create_ncleaner},
      {"ncleaner-nonlex", "NCleaner, non-lexical: the same over character classes (letter case, digit, CJK, punctuation) instead of letters (Evert 2008)",
       &create_ncleaner_nonlexical},
  };
  return registry;
}

const AlgorithmInfo* find_algorithm(std::string_view name) {
  for (const AlgorithmInfo& info : algorithm_registry())
    if (info.name == name) return &info;
  return nullptr;
}

}  // namespace winnow
