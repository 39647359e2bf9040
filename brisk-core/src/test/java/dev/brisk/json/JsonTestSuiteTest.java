package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every parsing case of Nicolas Seriot's JSONTestSuite (MIT licence, copied beside the cases
 * in src/test/resources/jsontestsuite): y_ must be accepted, n_ rejected with a JsonException, and
 * i_ as decided below. Each case is fed whole, as a stream, and as a stream one byte at a time.
 */
class JsonTestSuiteTest {

  /**
   * The implementation-defined cases Brisk accepts. Numbers beyond double range are kept exactly in
   * the tree; escaped lone surrogates decode to lone chars (JSON text allows them, and Java strings
   * can hold them); 500 levels are within the default depth of 1000. Every other i_ case is
   * malformed UTF-8, UTF-16, or starts with a byte order mark, and is rejected as RFC 8259 says.
   */
  static final Set<String> ACCEPTED_I =
      Set.of(
          "i_number_double_huge_neg_exp.json",
          "i_number_huge_exp.json",
          "i_number_neg_int_huge_exp.json",
          "i_number_pos_double_huge_exp.json",
          "i_number_real_neg_overflow.json",
          "i_number_real_pos_overflow.json",
          "i_number_real_underflow.json",
          "i_number_too_big_neg_int.json",
          "i_number_too_big_pos_int.json",
          "i_number_very_big_negative_int.json",
          "i_object_key_lone_2nd_surrogate.json",
          "i_string_1st_surrogate_but_2nd_missing.json",
          "i_string_1st_valid_surrogate_2nd_invalid.json",
          "i_string_incomplete_surrogate_and_escape_valid.json",
          "i_string_incomplete_surrogate_pair.json",
          "i_string_incomplete_surrogates_escape_valid.json",
          "i_string_invalid_lonely_surrogate.json",
          "i_string_invalid_surrogate.json",
          "i_string_inverted_surrogates_U+1D11E.json",
          "i_string_lone_second_surrogate.json",
          "i_structure_500_nested_arrays.json");

  static Path dir() throws URISyntaxException {
    return Path.of(JsonTestSuiteTest.class.getResource("/jsontestsuite").toURI());
  }

  static List<Path> cases(String prefix) throws IOException, URISyntaxException {
    try (Stream<Path> s = Files.list(dir())) {
      return s.filter(p -> p.getFileName().toString().startsWith(prefix))
          .sorted()
          .collect(Collectors.toList());
    }
  }

  @Test
  void theSuiteIsAllThere() throws Exception {
    assertEquals(95, cases("y_").size());
    assertEquals(188, cases("n_").size());
    assertEquals(35, cases("i_").size());
  }

  @TestFactory
  Stream<DynamicTest> yesCasesAreAccepted() throws Exception {
    return cases("y_").stream().map(p -> dynamicTest(name(p), () -> accepts(Files.readAllBytes(p))));
  }

  @TestFactory
  Stream<DynamicTest> noCasesAreRejected() throws Exception {
    return cases("n_").stream().map(p -> dynamicTest(name(p), () -> rejects(Files.readAllBytes(p))));
  }

  @TestFactory
  Stream<DynamicTest> implementationDefinedCasesFollowTheDocumentedChoice() throws Exception {
    return cases("i_").stream()
        .map(
            p ->
                dynamicTest(
                    name(p),
                    () -> {
                      byte[] b = Files.readAllBytes(p);
                      if (ACCEPTED_I.contains(name(p))) {
                        accepts(b);
                      } else {
                        rejects(b);
                      }
                    }));
  }

  @Test
  void hugeNumbersKeepTheirExactText() throws Exception {
    JsonValue v = Json.parse(Files.readAllBytes(dir().resolve("i_number_huge_exp.json")));
    assertEquals(
        new String(Files.readAllBytes(dir().resolve("i_number_huge_exp.json"))).trim(), v.toString());
    JsonValue big = Json.parse(Files.readAllBytes(dir().resolve("i_number_very_big_negative_int.json")));
    assertEquals(
        new java.math.BigInteger("-237462374673276894279832749832423479823246327846"),
        big.asArray().get(0).asNumber().bigIntegerValue());
  }

  private static String name(Path p) {
    return p.getFileName().toString();
  }

  private static void accepts(byte[] b) {
    JsonValue whole = Json.parse(b);
    assertNotNull(whole);
    assertEquals(whole, Json.parse(new ByteArrayInputStream(b)));
    assertEquals(whole, Json.parse(new OneByteInputStream(b)));
    // And what we write reads back to the same tree.
    assertEquals(whole, Json.parse(Json.toBytes(whole)));
  }

  private static void rejects(byte[] b) {
    JsonException e = assertThrows(JsonException.class, () -> Json.parse(b));
    assertTrue(e.offset() >= 0 && e.offset() <= b.length, () -> "offset " + e.offset());
    JsonException s = assertThrows(JsonException.class, () -> Json.parse(new OneByteInputStream(b)));
    assertEquals(e.offset(), s.offset(), "same fault offset whole and byte by byte");
    assertEquals(e.getMessage(), s.getMessage());
  }
}
