// src/function/scalar/aes_cipher.hpp
//
// AES as Spark's aes_encrypt / aes_decrypt use it (ExpressionImplUtils.aesInternal over the
// JDK's ciphers), on OpenSSL's libcrypto: keys of 16, 24 or 32 bytes; the modes ECB with PKCS
// padding, CBC with PKCS padding and GCM without padding (DEFAULT padding is the mode's own);
// CBC output is the 16-byte IV then the ciphertext, GCM output the 12-byte IV, the ciphertext
// and the 16-byte tag; a random IV when none is given. Errors are Spark's:
// INVALID_PARAMETER_VALUE.AES_KEY_LENGTH / AES_IV_LENGTH / AES_CRYPTO_ERROR and
// UNSUPPORTED_FEATURE.AES_MODE / AES_MODE_IV / AES_MODE_AAD.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace sluice::aes {

enum class Mode : uint8_t { kEcb, kCbc, kGcm };

//! The mode of Spark's (mode, padding) pair, both in any case; raises
//! UNSUPPORTED_FEATURE.AES_MODE for the pairs Spark does not support.
Mode parseMode(std::string_view mode, std::string_view padding);

//! `input` encrypted with `key`. An empty `iv` is a random one (none for ECB); `aad` is GCM's
//! additional authenticated data (empty: none).
std::string encrypt(std::string_view input, std::string_view key, Mode mode, std::string_view iv,
                    std::string_view aad);

//! `input` (as encrypt writes it) decrypted with `key`; raises AES_CRYPTO_ERROR when the input
//! is too short, the tag does not match or the padding is wrong (a wrong key, usually).
std::string decrypt(std::string_view input, std::string_view key, Mode mode, std::string_view aad);

}  // namespace sluice::aes
