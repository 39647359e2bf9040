package dev.brisk.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParsingException;
import java.io.StringReader;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.opensearch.client.json.JsonpMapper;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;

/**
 * The mapper's own readers and writers of Java's scalar types, without a server, against what
 * {@link JacksonJsonpMapper} (the client's default) reads and writes for the same text and values.
 */
class BriskJsonpMapperTest {
  final JsonpMapper brisk = new BriskJsonpMapper();
  final JsonpMapper jackson = new JacksonJsonpMapper();

  static <T> T read(JsonpMapper mapper, String json, Class<T> type) {
    try (JsonParser p = mapper.jsonProvider().createParser(new StringReader(json))) {
      return mapper.deserialize(p, type);
    }
  }

  static String write(JsonpMapper mapper, Object value) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = mapper.jsonProvider().createGenerator(out)) {
      mapper.serialize(value, g);
    }
    return out.toString();
  }

  void readsAsJacksonDoes(String json, Class<?> type, Object expected) {
    assertEquals(expected, read(brisk, json, type), json + " as " + type.getSimpleName());
    assertEquals(read(jackson, json, type), read(brisk, json, type), json + " as " + type.getSimpleName() + ", against Jackson");
  }

  @Test
  void readsEveryBoxedNumberTypeAsTheClientsDefaultMapperDoes() {
    readsAsJacksonDoes("0.1", Float.class, 0.1f);
    readsAsJacksonDoes("-3.4028235E38", Float.class, -Float.MAX_VALUE);
    readsAsJacksonDoes("300", Short.class, (short) 300);
    readsAsJacksonDoes("-32768", Short.class, Short.MIN_VALUE);
    readsAsJacksonDoes("-128", Byte.class, (byte) -128);
    readsAsJacksonDoes("127", Byte.class, (byte) 127);
    readsAsJacksonDoes("12345678901234567890.123456789", BigDecimal.class, new BigDecimal("12345678901234567890.123456789"));
    readsAsJacksonDoes("123456789012345678901234567890", BigInteger.class, new BigInteger("123456789012345678901234567890"));
    readsAsJacksonDoes("\"2.50\"", BigDecimal.class, new BigDecimal("2.50"));
    readsAsJacksonDoes("null", BigDecimal.class, null);
    readsAsJacksonDoes("null", Short.class, null);
    readsAsJacksonDoes("41.074136711612084", Double.class, 41.074136711612084);
  }

  @Test
  void aNumberATypeCannotHoldIsAParsingErrorNotAWrappedValue() {
    JsonParsingException e = assertThrows(JsonParsingException.class, () -> read(brisk, "70000", Short.class));
    assertTrue(e.getMessage().contains("70000 is out of the range of Short"), e.getMessage());
    e = assertThrows(JsonParsingException.class, () -> read(brisk, "128", Byte.class));
    assertTrue(e.getMessage().contains("128 is out of the range of Byte"), e.getMessage());
    e = assertThrows(JsonParsingException.class, () -> read(brisk, "1.5", BigInteger.class));
    assertTrue(e.getMessage().contains("1.5 is not an integer"), e.getMessage());
    e = assertThrows(JsonParsingException.class, () -> read(brisk, "\"abc\"", BigDecimal.class));
    assertTrue(e.getMessage().contains("expected a number, found the string \"abc\""), e.getMessage());
    e = assertThrows(JsonParsingException.class, () -> read(brisk, "[1]", BigDecimal.class));
    assertTrue(e.getMessage().contains("expected a number, found START_ARRAY"), e.getMessage());
    assertEquals(BigInteger.valueOf(100), read(brisk, "1e2", BigInteger.class), "an integer in exponent form");
    // A dozen bytes for an integer of a hundred million digits: refused, not expanded (100 s)
    e = assertTimeoutPreemptively(java.time.Duration.ofSeconds(10),
        () -> assertThrows(JsonParsingException.class, () -> read(brisk, "1e99999999", BigInteger.class)));
    assertTrue(e.getMessage().contains("1E+99999999 is not an integer a BigInteger holds here"), e.getMessage());
  }

  @Test
  void writesEveryBoxedNumberTypeAsTheClientsDefaultMapperDoes() {
    Object[] values = {
      0.1f, 1.0E10f, (short) -300, (byte) 7, 2.5d, 41.074136711612084,
      new BigDecimal("12345678901234567890.123456789"), new BigInteger("-123456789012345678901234567890"),
    };
    for (Object v : values) {
      assertEquals(write(jackson, v), write(brisk, v), v.getClass().getSimpleName() + " " + v);
    }
    assertEquals("0.1", write(brisk, 0.1f), "a float's own shortest decimal, not its double's");
    assertEquals("12345678901234567890.123456789", write(brisk, new BigDecimal("12345678901234567890.123456789")));
  }

  @Test
  void nullIsReadAsNullForEveryScalarType() {
    for (Class<?> type : new Class<?>[] {Float.class, Byte.class, BigInteger.class, Integer.class, String.class}) {
      assertNull(read(brisk, "null", type), type.getSimpleName());
    }
  }
}
