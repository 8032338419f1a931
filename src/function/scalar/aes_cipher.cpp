// src/function/scalar/aes_cipher.cpp
#include "function/scalar/aes_cipher.hpp"

#include <memory>

#include <fmt/format.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"

namespace sluice::aes {

namespace {

constexpr int kGcmTagLength = 16;

// Spark names both functions in its AES errors.
constexpr std::string_view kFunctions = "`aes_encrypt`/`aes_decrypt`";

struct CipherContextFree {
  void operator()(EVP_CIPHER_CTX* context) const { EVP_CIPHER_CTX_free(context); }
};
using CipherContext = std::unique_ptr<EVP_CIPHER_CTX, CipherContextFree>;

size_t ivLength(Mode mode) {
  switch (mode) {
    case Mode::kEcb:
      return 0;
    case Mode::kCbc:
      return 16;
    case Mode::kGcm:
      return 12;
  }
  return 0;
}

std::string_view modeName(Mode mode) {
  switch (mode) {
    case Mode::kEcb:
      return "ECB";
    case Mode::kCbc:
      return "CBC";
    case Mode::kGcm:
      return "GCM";
  }
  return "";
}

[[noreturn]] void cryptoError(std::string_view detail) {
  throw Error(ErrorClass::INVALID_PARAMETER_VALUE, "AES_CRYPTO_ERROR",
              fmt::format("The value of parameter(s) `expr`, `key` in {} is invalid: detail "
                          "message: {}",
                          kFunctions, detail));
}

const EVP_CIPHER* cipherOf(Mode mode, std::string_view key) {
  switch (key.size()) {
    case 16:
      return mode == Mode::kEcb   ? EVP_aes_128_ecb()
             : mode == Mode::kCbc ? EVP_aes_128_cbc()
                                  : EVP_aes_128_gcm();
    case 24:
      return mode == Mode::kEcb   ? EVP_aes_192_ecb()
             : mode == Mode::kCbc ? EVP_aes_192_cbc()
                                  : EVP_aes_192_gcm();
    case 32:
      return mode == Mode::kEcb   ? EVP_aes_256_ecb()
             : mode == Mode::kCbc ? EVP_aes_256_cbc()
                                  : EVP_aes_256_gcm();
    default:
      throw Error(ErrorClass::INVALID_PARAMETER_VALUE, "AES_KEY_LENGTH",
                  fmt::format("The value of parameter(s) `key` in {} is invalid: expects a "
                              "binary value with 16, 24 or 32 bytes, but got {} bytes.",
                              kFunctions, key.size()));
  }
}

const unsigned char* bytes(std::string_view text) {
  return reinterpret_cast<const unsigned char*>(text.data());
}

unsigned char* bytes(std::string& text, size_t offset) {
  return reinterpret_cast<unsigned char*>(text.data()) + offset;
}

int intLength(std::string_view text) {
  if (text.size() > static_cast<size_t>(INT32_MAX - 64))
    cryptoError("the input is too long");
  return static_cast<int>(text.size());
}

//! A cipher context for `mode` and `key`, its IV set.
CipherContext startCipher(Mode mode, std::string_view key, std::string_view iv, bool encrypting) {
  const EVP_CIPHER* cipher = cipherOf(mode, key);
  CipherContext context(EVP_CIPHER_CTX_new());
  if (!context)
    cryptoError("cannot create a cipher context");
  if (EVP_CipherInit_ex(context.get(), cipher, nullptr, nullptr, nullptr, encrypting ? 1 : 0) !=
      1) {
    cryptoError("cannot initialize the cipher");
  }
  if (mode == Mode::kGcm && EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_SET_IVLEN,
                                                static_cast<int>(iv.size()), nullptr) != 1) {
    cryptoError("cannot set the IV length");
  }
  if (EVP_CipherInit_ex(context.get(), nullptr, nullptr, bytes(key),
                        iv.empty() ? nullptr : bytes(iv), encrypting ? 1 : 0) != 1) {
    cryptoError("cannot initialize the cipher");
  }
  EVP_CIPHER_CTX_set_padding(context.get(), mode == Mode::kGcm ? 0 : 1);
  return context;
}

void addAad(EVP_CIPHER_CTX* context, Mode mode, std::string_view aad) {
  if (aad.empty())
    return;
  if (mode != Mode::kGcm) {
    throw Error(ErrorClass::UNSUPPORTED_FEATURE, "AES_MODE_AAD",
                fmt::format("The feature is not supported: {} does not support additional "
                            "authenticate data (AAD).",
                            fmt::format("AES-{}", modeName(mode))));
  }
  int written = 0;
  if (EVP_CipherUpdate(context, nullptr, &written, bytes(aad), intLength(aad)) != 1)
    cryptoError("cannot add the additional authenticated data");
}

}  // namespace

Mode parseMode(std::string_view mode, std::string_view padding) {
  bool default_padding = sameIdentifier(padding, "DEFAULT");
  if (sameIdentifier(mode, "ECB") && (default_padding || sameIdentifier(padding, "PKCS")))
    return Mode::kEcb;
  if (sameIdentifier(mode, "CBC") && (default_padding || sameIdentifier(padding, "PKCS")))
    return Mode::kCbc;
  if (sameIdentifier(mode, "GCM") && (default_padding || sameIdentifier(padding, "NONE")))
    return Mode::kGcm;
  throw Error(ErrorClass::UNSUPPORTED_FEATURE, "AES_MODE",
              fmt::format("The feature is not supported: AES-{} with the padding {} by the {} "
                          "function.",
                          mode, padding, kFunctions));
}

std::string encrypt(std::string_view input, std::string_view key, Mode mode, std::string_view iv,
                    std::string_view aad) {
  cipherOf(mode, key);  // the key's length first, as Spark checks it
  std::string random_iv;
  if (iv.empty()) {
    random_iv.resize(ivLength(mode));
    if (!random_iv.empty() &&
        RAND_bytes(bytes(random_iv, 0), static_cast<int>(random_iv.size())) != 1) {
      cryptoError("cannot generate a random IV");
    }
    iv = random_iv;
  } else if (mode == Mode::kEcb) {
    throw Error(ErrorClass::UNSUPPORTED_FEATURE, "AES_MODE_IV",
                fmt::format("The feature is not supported: AES-{} does not support "
                            "initialization vectors (IVs).",
                            modeName(mode)));
  }
  if (iv.size() != ivLength(mode)) {
    throw Error(ErrorClass::INVALID_PARAMETER_VALUE, "AES_IV_LENGTH",
                fmt::format("The value of parameter(s) `iv` in `aes_encrypt` is invalid: "
                            "supports 16-byte CBC IVs and 12-byte GCM IVs, but got {} bytes for "
                            "{}.",
                            iv.size(), modeName(mode)));
  }
  CipherContext context = startCipher(mode, key, iv, true);
  addAad(context.get(), mode, aad);
  // The IV, then at most one block more than the input, then GCM's tag.
  std::string out(iv.size() + input.size() + 16 + kGcmTagLength, '\0');
  out.replace(0, iv.size(), iv);
  size_t length = iv.size();
  int written = 0;
  if (EVP_CipherUpdate(context.get(), bytes(out, length), &written, bytes(input),
                       intLength(input)) != 1) {
    cryptoError("cannot encrypt the input");
  }
  length += static_cast<size_t>(written);
  if (EVP_CipherFinal_ex(context.get(), bytes(out, length), &written) != 1)
    cryptoError("cannot encrypt the input");
  length += static_cast<size_t>(written);
  if (mode == Mode::kGcm) {
    if (EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_GET_TAG, kGcmTagLength,
                            bytes(out, length)) != 1) {
      cryptoError("cannot compute the authentication tag");
    }
    length += kGcmTagLength;
  }
  out.resize(length);
  return out;
}

std::string decrypt(std::string_view input, std::string_view key, Mode mode, std::string_view aad) {
  cipherOf(mode, key);
  size_t iv_length = ivLength(mode);
  size_t tag_length = mode == Mode::kGcm ? kGcmTagLength : 0;
  if (input.size() < iv_length + tag_length)
    cryptoError("Input too short");
  std::string_view iv = input.substr(0, iv_length);
  std::string_view body = input.substr(iv_length, input.size() - iv_length - tag_length);
  CipherContext context = startCipher(mode, key, iv, false);
  addAad(context.get(), mode, aad);
  if (mode == Mode::kGcm) {
    std::string tag(input.substr(input.size() - tag_length));
    if (EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_SET_TAG, kGcmTagLength, tag.data()) != 1) {
      cryptoError("cannot set the authentication tag");
    }
  }
  std::string out(body.size() + 16, '\0');
  int written = 0;
  if (EVP_CipherUpdate(context.get(), bytes(out, 0), &written, bytes(body), intLength(body)) != 1) {
    cryptoError("cannot decrypt the input");
  }
  size_t length = static_cast<size_t>(written);
  if (EVP_CipherFinal_ex(context.get(), bytes(out, length), &written) != 1) {
    // The JDK's messages for the two ways decryption fails.
    cryptoError(mode == Mode::kGcm
                    ? "Tag mismatch"
                    : "Given final block not properly padded. Such issues can arise if a bad "
                      "key is used during decryption.");
  }
  length += static_cast<size_t>(written);
  out.resize(length);
  return out;
}

}  // namespace sluice::aes
