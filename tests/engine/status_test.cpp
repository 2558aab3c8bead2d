// SPDX-License-Identifier: MIT
// The statuses every layer reports: each has its own description, and only
// the two that let reading go on are not fatal.
#include "engine/status.h"

#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <string>

namespace winnow {
namespace {

constexpr Status kEveryStatus[] = {Status::Ok,          Status::BudgetExceeded,  Status::BudgetTooSmall,
                                   Status::NestingFlattened, Status::AlreadyFinished, Status::InvalidArgument,
                                   Status::ParserError};

TEST(Status, EachStatusHasItsOwnDescription) {
  std::set<std::string> seen;
  for (Status s : kEveryStatus) {
    const char* text = status_string(s);
    ASSERT_NE(text, nullptr);
    EXPECT_GT(std::strlen(text), 0u);
    EXPECT_STRNE(text, "unknown status") << static_cast<int>(s);
    EXPECT_TRUE(seen.insert(text).second) << "two statuses share \"" << text << "\"";
  }
  EXPECT_STREQ(status_string(Status::Ok), "ok");
}

TEST(Status, AValueOutsideTheEnumIsDescribedNotDereferenced) {
  EXPECT_STREQ(status_string(static_cast<Status>(200)), "unknown status");
}

TEST(Status, OnlyOkAndFlattenedNestingLetReadingGoOn) {
  for (Status s : kEveryStatus) {
    const bool goes_on = s == Status::Ok || s == Status::NestingFlattened;
    EXPECT_EQ(is_fatal(s), !goes_on) << status_string(s);
  }
}

TEST(Status, TheBudgetStatusSaysWhatWasDelivered) {
  // Callers print this line as it is; it must tell them their content is not lost.
  EXPECT_NE(std::string(status_string(Status::BudgetExceeded)).find("delivered"), std::string::npos);
}

}  // namespace
}  // namespace winnow
