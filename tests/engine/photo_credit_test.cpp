// SPDX-License-Identifier: MIT
#include "engine/photo_credit.h"

#include <gtest/gtest.h>

#include <string>

namespace winnow {
namespace {

// A photographer and an agency, a chain of agencies, an agency alone or
// after a label, in parentheses or not, whatever the case.
TEST(PhotoCredit, APhotographersAgencyAloneOrAfterALabel) {
  for (const char* text : {"Stanley Chou/Getty Images", "(Richard Drew/AP)", "JIM WATSON/AFP/Getty Images",
                           "Gregg Newton/AFP via Getty Images", "Orlando Barria / EPA", "Getty Images", "REUTERS", "AP",
                           "Photo: Getty Images", "Image copyright AFP", "Credit: Alex Wong/Getty", "Photo credit: Reuters.",
                           "Фото: Reuters", "Photo: NASA", "Hulton Archive/Getty Images", " (Phelan M. Ebenhack/Associated Press) "})
    EXPECT_TRUE(is_photo_credit(text)) << text;
}

// A byline names an agency too, and so do a place, a story's sentence and a
// heading of the story; an agency that is no photographer's alone is left
// to the model, as is a credit inside a longer caption.
TEST(PhotoCredit, ABylineAPlaceOrASentenceIsNone) {
  for (const char* text : {"By Hilary Russ, Reuters", "By The Associated Press", "The Associated Press", "Bloomberg",
                           "NASA", "Erie, PA", "Map", "Photographs of the 1930s", "Featured image from Shutterstock.",
                           "A man walks past a shop. Andrew Harnik/AP", "2012 Getty Images", "Reuters reported on Monday",
                           "Photo: ", "12 Getty Images/AP", "Snap", ""})
    EXPECT_FALSE(is_photo_credit(text)) << text;
  std::string long_credit(kMaxPhotoCreditBytes, 'a');
  long_credit += "/Getty Images";
  EXPECT_FALSE(is_photo_credit(long_credit)) << "longer than a credit";
}

}  // namespace
}  // namespace winnow
