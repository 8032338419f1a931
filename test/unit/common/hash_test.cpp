// test/unit/common/hash_test.cpp
//
// The digests and hashes of src/common/hash against published test vectors: RFC 1321 (MD5),
// FIPS 180 examples (SHA-1, SHA-224/256/384/512), the CRC-32 check value, the reference
// MurmurHash3_x86_32 and XXH64 vectors, and Spark's own variants (the byte-tail of
// hashUnsafeBytes, hashInt / hashLong). Inputs cover the padding boundaries: 55, 56 and 64
// bytes for the 64-byte-block digests, 111 and 112 for the 128-byte ones.
#include <gtest/gtest.h>

#include <string>

#include "common/hash/crc32.hpp"
#include "common/hash/md5.hpp"
#include "common/hash/murmur3.hpp"
#include "common/hash/sha1.hpp"
#include "common/hash/sha2.hpp"
#include "common/hash/xxhash64.hpp"

namespace sluice {
namespace {

template <typename Bytes>
std::string hex(const Bytes& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (auto byte : bytes) {
    out += kDigits[static_cast<uint8_t>(byte) >> 4];
    out += kDigits[static_cast<uint8_t>(byte) & 0x0F];
  }
  return out;
}

const std::string kFox = "The quick brown fox jumps over the lazy dog";
const std::string k448Bits =
    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";  // 56 bytes
const std::string k896Bits =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopq"
    "rsmnopqrstnopqrstu";

TEST(HashTest, Md5MatchesRfc1321) {
  EXPECT_EQ(hex(hash::md5("")), "d41d8cd98f00b204e9800998ecf8427e");
  EXPECT_EQ(hex(hash::md5("a")), "0cc175b9c0f1b6a831c399e269772661");
  EXPECT_EQ(hex(hash::md5("abc")), "900150983cd24fb0d6963f7d28e17f72");
  EXPECT_EQ(hex(hash::md5("message digest")), "f96b697d7cb7938d525a2f31aaf161d0");
  EXPECT_EQ(
      hex(hash::md5(
          "12345678901234567890123456789012345678901234567890123456789012345678901234567890")),
      "57edf4a22be3c955ac49da2e2107b67a");
  EXPECT_EQ(hex(hash::md5(kFox)), "9e107d9d372bb6826bd81d3542a419d6");
  EXPECT_EQ(hex(hash::md5(k448Bits)), "8215ef0796a20bcaaae116d3876c664a");
}

TEST(HashTest, Sha1MatchesFips180) {
  EXPECT_EQ(hex(hash::sha1("")), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
  EXPECT_EQ(hex(hash::sha1("abc")), "a9993e364706816aba3e25717850c26c9cd0d89d");
  EXPECT_EQ(hex(hash::sha1(k448Bits)), "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
  EXPECT_EQ(hex(hash::sha1(kFox)), "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12");
  EXPECT_EQ(hex(hash::sha1(std::string(1000000, 'a'))), "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
}

TEST(HashTest, Sha256And224MatchFips180) {
  EXPECT_EQ(hex(hash::sha2("", 256)),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(hex(hash::sha2("abc", 256)),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(hex(hash::sha2(k448Bits, 256)),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(hex(hash::sha2("abc", 224)),
            "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7");
  EXPECT_EQ(hex(hash::sha2("", 224)), "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f");
  EXPECT_EQ(hex(hash::sha2(k448Bits, 224)),
            "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525");
}

TEST(HashTest, Sha512And384MatchFips180) {
  EXPECT_EQ(hex(hash::sha2("abc", 512)),
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
            "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
  EXPECT_EQ(hex(hash::sha2("", 512)),
            "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
            "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e");
  EXPECT_EQ(hex(hash::sha2(k896Bits, 512)),
            "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
            "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909");
  EXPECT_EQ(hex(hash::sha2("abc", 384)),
            "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
            "8086072ba1e7cc2358baeca134c825a7");
  EXPECT_EQ(hex(hash::sha2(k896Bits, 384)),
            "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712"
            "fcc7c71a557e2db966c3e9fa91746039");
  EXPECT_EQ(hash::sha2("abc", 100), "");
}

TEST(HashTest, Crc32MatchesCheckValue) {
  EXPECT_EQ(hash::crc32(""), 0u);
  EXPECT_EQ(hash::crc32("123456789"), 0xCBF43926u);
  EXPECT_EQ(hash::crc32(kFox), 0x414FA339u);
}

TEST(HashTest, Murmur3ReferenceVectors) {
  EXPECT_EQ(hash::murmur3HashBytesReference("", 0), 0);
  EXPECT_EQ(static_cast<uint32_t>(hash::murmur3HashBytesReference("", 1)), 0x514E28B7u);
  EXPECT_EQ(static_cast<uint32_t>(hash::murmur3HashBytesReference("", -1)), 0x81F16F39u);
  EXPECT_EQ(static_cast<uint32_t>(hash::murmur3HashBytesReference(std::string(4, '\0'), 0)),
            0x2362F9DEu);
  EXPECT_EQ(static_cast<uint32_t>(hash::murmur3HashBytesReference("aaaa", 0x9747b28c)),
            0x5A97808Au);
  EXPECT_EQ(static_cast<uint32_t>(hash::murmur3HashBytesReference("Hello, world!", 0x9747b28c)),
            0x24884CBAu);
}

TEST(HashTest, Murmur3SparkVariants) {
  // Whole words hash the same in both forms; only the tail differs.
  EXPECT_EQ(hash::murmur3HashBytes("aaaa", 42), hash::murmur3HashBytesReference("aaaa", 42));
  EXPECT_NE(hash::murmur3HashBytes("abc", 42), hash::murmur3HashBytesReference("abc", 42));
  // hashInt / hashLong are the word-wise hashes of the little-endian bytes.
  EXPECT_EQ(hash::murmur3HashInt(1, 42),
            hash::murmur3HashBytesReference(std::string("\x01\0\0\0", 4), 42));
  EXPECT_EQ(hash::murmur3HashLong(1, 42),
            hash::murmur3HashBytesReference(std::string("\x01\0\0\0\0\0\0\0", 8), 42));
  // Spark: hash(1) = -559580957, hash(1L) = -1712319331, hash('Spark') = 228093765.
  EXPECT_EQ(hash::murmur3HashInt(1, 42), -559580957);
  EXPECT_EQ(hash::murmur3HashLong(1, 42), -1712319331);
}

TEST(HashTest, XxHash64ReferenceVectors) {
  EXPECT_EQ(static_cast<uint64_t>(hash::xxhash64Bytes("", 0)), 0xEF46DB3751D8E999ULL);
  EXPECT_EQ(static_cast<uint64_t>(hash::xxhash64Bytes("a", 0)), 0xD24EC4F1A98C6E5BULL);
  EXPECT_EQ(static_cast<uint64_t>(hash::xxhash64Bytes("abc", 0)), 0x44BC2CF5AD770999ULL);
  EXPECT_EQ(static_cast<uint64_t>(hash::xxhash64Bytes(kFox, 0)), 0x0B242D361FDA71BCULL);
  // hashInt / hashLong equal the hash of the little-endian bytes.
  EXPECT_EQ(hash::xxhash64Int(7, 42), hash::xxhash64Bytes(std::string("\x07\0\0\0", 4), 42));
  EXPECT_EQ(hash::xxhash64Long(-1, 42), hash::xxhash64Bytes(std::string(8, '\xff'), 42));
}

}  // namespace
}  // namespace sluice
