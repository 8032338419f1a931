#include "function/function_registry.hpp"

#include <algorithm>

#include <fmt/format.h>
#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"

namespace sluice {

// Registered here rather than in the header, which every function file includes.
void registerFromJsonFunctions(FunctionRegistry& registry);
void registerFromCsvFunctions(FunctionRegistry& registry);
void registerSchemaOfCsvFunctions(FunctionRegistry& registry);
void registerToCsvFunctions(FunctionRegistry& registry);
void registerAesFunctions(FunctionRegistry& registry);
void registerConditionalFunctions(FunctionRegistry& registry);
void registerBinderResolvedFunctions(FunctionRegistry& registry);
void registerUnsupportedFunctions(FunctionRegistry& registry);
void registerDatetimeNameFunctions(FunctionRegistry& registry);
void registerArrayEditFunctions(FunctionRegistry& registry);
void registerRadixFunctions(FunctionRegistry& registry);
void registerUrlFunctions(FunctionRegistry& registry);
void registerCharsetFunctions(FunctionRegistry& registry);
void registerJsonInspectionFunctions(FunctionRegistry& registry);
void registerConvertTimezoneFunctions(FunctionRegistry& registry);
void registerToCharFunctions(FunctionRegistry& registry);
void registerToNumberFunctions(FunctionRegistry& registry);
void registerMaskFunctions(FunctionRegistry& registry);
void registerSentencesFunctions(FunctionRegistry& registry);
void registerBitmapFunctions(FunctionRegistry& registry);
void registerVariantFunctions(FunctionRegistry& registry);

std::string ordinalName(size_t index) {
  static const char* const kNames[] = {"first", "second", "third", "fourth", "fifth"};
  return index < 5 ? kNames[index] : fmt::format("{}th", index + 1);
}

const FunctionRegistry& FunctionRegistry::builtin() {
  static const FunctionRegistry registry = [] {
    FunctionRegistry built;
    registerArithmeticFunctions(built);
    registerComparisonFunctions(built);
    registerPredicateFunctions(built);
    registerConstructorFunctions(built);
    registerMiscFunctions(built);
    registerMathFunctions(built);
    registerRoundingFunctions(built);
    registerNumericFunctions(built);
    registerBitwiseFunctions(built);
    registerRandomFunctions(built);
    registerStringFunctions(built);
    registerCaseMappingFunctions(built);
    registerStringTrimFunctions(built);
    registerSubstringFunctions(built);
    registerStringSearchFunctions(built);
    registerConcatFunctions(built);
    registerRegexFunctions(built);
    registerLikeFunctions(built);
    registerFormatFunctions(built);
    registerEncodingFunctions(built);
    registerDigestFunctions(built);
    registerHashFunctions(built);
    registerStringDistanceFunctions(built);
    registerDatetimeFieldFunctions(built);
    registerDatetimeArithmeticFunctions(built);
    registerDatetimeTimestampFunctions(built);
    registerDatetimeConversionFunctions(built);
    registerDatetimeWindowFunctions(built);
    registerTimeFunctions(built);
    registerSpatialFunctions(built);
    registerIntervalFunctions(built);
    registerGetJsonObjectFunctions(built);
    registerToJsonFunctions(built);
    registerSchemaOfJsonFunctions(built);
    registerFromJsonFunctions(built);
    registerFromCsvFunctions(built);
    registerSchemaOfCsvFunctions(built);
    registerToCsvFunctions(built);
    registerAesFunctions(built);
    registerUuidFunctions(built);
    registerCurrentUserFunctions(built);
    registerSparkPartitionIdFunctions(built);
    registerMonotonicallyIncreasingIdFunctions(built);
    registerArrayLookupFunctions(built);
    registerArrayTransformFunctions(built);
    registerArraySetFunctions(built);
    registerArraySortFunctions(built);
    registerSequenceFunctions(built);
    registerMapFunctions(built);
    registerConditionalFunctions(built);
    registerBinderResolvedFunctions(built);
    registerUnsupportedFunctions(built);
    registerDatetimeNameFunctions(built);
    registerArrayEditFunctions(built);
    registerRadixFunctions(built);
    registerUrlFunctions(built);
    registerCharsetFunctions(built);
    registerJsonInspectionFunctions(built);
    registerConvertTimezoneFunctions(built);
    registerToCharFunctions(built);
    registerToNumberFunctions(built);
    registerMaskFunctions(built);
    registerSentencesFunctions(built);
    registerBitmapFunctions(built);
    registerVariantFunctions(built);
    return built;
  }();
  return registry;
}

void FunctionRegistry::addScalar(ScalarFunctionEntry entry, std::vector<std::string> aliases) {
  for (const std::string& alias : aliases) {
    ScalarFunctionEntry copy = entry;
    scalars_[foldIdentifier(alias)] = std::move(copy);
  }
  std::string key = foldIdentifier(entry.name);
  scalars_[key] = std::move(entry);
}

const ScalarFunctionEntry* FunctionRegistry::findScalar(std::string_view name) const {
  auto found = scalars_.find(foldIdentifier(name));
  return found == scalars_.end() ? nullptr : &found->second;
}

std::vector<std::string> FunctionRegistry::scalarNames() const {
  std::vector<std::string> names;
  for (const auto& [name, entry] : scalars_)
    names.push_back(name);
  return names;
}

void requireArgumentType(bool condition, std::string_view name, const std::string& what) {
  if (!condition) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_INPUT_TYPE",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: {}.", name, what));
  }
}

}  // namespace sluice
