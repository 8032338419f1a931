// test/unit/exec/memory_limit_test.cpp
//
// sluice.memoryLimit: Spark's byte strings, quoted or not, and the errors for what is not one;
// operators that hold memory at once share the limit.
#include "exec/spill/memory_limit.hpp"

#include <gtest/gtest.h>

#include "common/error/error.hpp"

namespace sluice {
namespace {

TEST(MemoryLimitTest, ParsesByteStringsWithUnitsInAnyCase) {
  EXPECT_EQ(parseByteSize("1048576"), 1048576u);
  EXPECT_EQ(parseByteSize("100b"), 100u);
  EXPECT_EQ(parseByteSize("64k"), 64u << 10);
  EXPECT_EQ(parseByteSize("64KB"), 64u << 10);
  EXPECT_EQ(parseByteSize("512m"), 512ull << 20);
  EXPECT_EQ(parseByteSize(" 2g "), 2ull << 30);
  EXPECT_EQ(parseByteSize("3Tb"), 3ull << 40);
  EXPECT_EQ(parseByteSize("1p"), 1ull << 50);
}

TEST(MemoryLimitTest, RejectsWhatIsNotASize) {
  EXPECT_FALSE(parseByteSize(""));
  EXPECT_FALSE(parseByteSize("g"));
  EXPECT_FALSE(parseByteSize("-1g"));
  EXPECT_FALSE(parseByteSize("1.5g"));
  EXPECT_FALSE(parseByteSize("12 parsecs"));
  EXPECT_FALSE(parseByteSize("100000p"));  // past 64 bits
}

TEST(MemoryLimitTest, ConfValuesMayBeQuotedAndMustBePositive) {
  EXPECT_EQ(memoryLimitOrThrow("'256k'"), 256u << 10);
  EXPECT_EQ(memoryLimitOrThrow("\"1g\""), 1ull << 30);
  EXPECT_EQ(memoryLimitOrThrow("8m"), 8ull << 20);
  try {
    memoryLimitOrThrow("0");
    FAIL() << "a zero limit was taken";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::INVALID_CONF_VALUE);
    EXPECT_NE(std::string(error.what()).find("sluice.memoryLimit"), std::string::npos);
  }
  EXPECT_THROW(memoryLimitOrThrow("'lots'"), Error);
}

TEST(MemoryLimitTest, TheDefaultIsBelowThePhysicalMemory) {
  EXPECT_GT(defaultMemoryLimit(), uint64_t{64} << 20);
}

TEST(MemoryLimitTest, OperatorsHoldingMemoryAtOnceShareTheLimit) {
  uint64_t limit = uint64_t{1} << 40;
  HeldMemory first;
  HeldMemory second;
  uint64_t alone = operatorMemoryAvailable(second, limit);
  EXPECT_EQ(first.add(1000), 1000u);
  EXPECT_EQ(first.add(500), 1500u);
  // What one holds is not there for the other, but is for itself.
  EXPECT_EQ(operatorMemoryAvailable(second, limit), alone - 1500);
  EXPECT_EQ(operatorMemoryAvailable(first, limit), alone);
  first.release(1000);
  EXPECT_EQ(first.bytes(), 500u);
  EXPECT_EQ(operatorMemoryAvailable(second, limit), alone - 500);
  {
    HeldMemory gone;
    gone.add(700);
    EXPECT_EQ(operatorMemoryAvailable(second, limit), alone - 1200);
  }
  // An operator that goes gives back what it still held.
  EXPECT_EQ(operatorMemoryAvailable(second, limit), alone - 500);
}

TEST(MemoryLimitTest, AThreadWithAFairShareSpillsPastTheLimit) {
  uint64_t limit = uint64_t{1} << 40;
  HeldMemory held;
  uint64_t available = operatorMemoryAvailable(held, limit);
  held.add(available - 1);
  EXPECT_FALSE(holdsFairShareOverLimit(held, available - 1, limit));
  held.add(2);
  EXPECT_TRUE(holdsFairShareOverLimit(held, held.bytes(), limit));
  // A thread holding almost none of it leaves the spilling to those that hold more.
  EXPECT_FALSE(holdsFairShareOverLimit(held, 1, limit));
}

}  // namespace
}  // namespace sluice
