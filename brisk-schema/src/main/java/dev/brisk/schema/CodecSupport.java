package dev.brisk.schema;

import dev.brisk.json.JsonException;
import dev.brisk.json.JsonNames;
import dev.brisk.json.JsonObject;
import dev.brisk.json.JsonReader;
import dev.brisk.json.JsonToken;
import dev.brisk.json.JsonValue;
import dev.brisk.json.JsonWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The small, rarely hot pieces generated codecs call: conversions the core reader has no getter
 * for, the lenient mode, and error messages. Public only for generated code in other packages;
 * not for application code. Stateless and thread-safe.
 */
public final class CodecSupport {
  private CodecSupport() {}

  /**
   * The deepest nesting at which a generated codec reads a record: the default reader limit. A
   * codec reads a nested record by calling itself, so a record type that holds itself (a tree of
   * nodes), read through a reader whose maxDepth was raised, would otherwise run out of the
   * thread's stack.
   */
  public static final int MAX_RECORD_DEPTH = 1000;

  /** After a document's one value: the reader has already refused anything but white space after it. */
  static void endOfDocument(JsonReader r) {
    if (r.next() != JsonToken.END_DOCUMENT) {
      throw new IllegalStateException("unreachable: the reader reports data after the value");
    }
  }

  /** The error for a record deeper than {@link #MAX_RECORD_DEPTH}. */
  public static JsonException tooDeep(JsonReader r) {
    return r.error("records nested deeper than " + MAX_RECORD_DEPTH + " levels: a codec reads each nested record"
        + " by a call of its own, so it stops there whatever the reader's maxDepth");
  }

  /** The error for a value of the wrong type at the reader's current token. */
  public static JsonException expected(JsonReader r, String what) {
    return r.typeMismatch(what);
  }

  // -------------------------------------------------------------------------------------------
  // Strict conversions

  /**
   * The current token, a string of exactly one character, as a char; anything else is an error with
   * the path.
   */
  public static char readChar(JsonReader r) {
    if (r.token() != JsonToken.STRING) {
      throw expected(r, "a one-character string");
    }
    String s = r.getString();
    if (s.length() != 1) {
      throw r.error("expected a one-character string but found " + s.length() + " characters");
    }
    return s.charAt(0);
  }

  /**
   * The current number as a byte; a fraction or a value outside -128 to 127 is an error, never a
   * wrap.
   */
  public static byte readByte(JsonReader r) {
    int v = r.getInt();
    if (v < Byte.MIN_VALUE || v > Byte.MAX_VALUE) {
      throw r.error("number " + v + " does not fit a byte (-128 to 127)");
    }
    return (byte) v;
  }

  /**
   * The current number as a short; a fraction or a value outside its range is an error, never a
   * wrap.
   */
  public static short readShort(JsonReader r) {
    int v = r.getInt();
    if (v < Short.MIN_VALUE || v > Short.MAX_VALUE) {
      throw r.error("number " + v + " does not fit a short (-32768 to 32767)");
    }
    return (short) v;
  }

  /**
   * The float nearest the decimal number: parsed from the text itself, because rounding to a
   * double first and then to a float can land on the wrong float.
   */
  public static float readFloat(JsonReader r) {
    if (r.token() != JsonToken.NUMBER) {
      throw expected(r, "a float");
    }
    float f = Float.parseFloat(r.getNumberText());
    if (Float.isInfinite(f)) {
      throw r.error("number " + r.getNumberText() + " is out of the range of a float");
    }
    return f;
  }

  /**
   * The current string as an ISO-8601 date ({@code 2024-05-17}); anything else is an error with the
   * path.
   */
  public static LocalDate readLocalDate(JsonReader r) {
    String s = text(r, "an ISO-8601 date string");
    try {
      return LocalDate.parse(s);
    } catch (DateTimeParseException e) {
      throw r.error("expected an ISO-8601 date such as 2024-05-17 but found \"" + JsonException.excerpt(s) + "\"");
    }
  }

  /** The current string as an ISO-8601 local date-time; anything else is an error with the path. */
  public static LocalDateTime readLocalDateTime(JsonReader r) {
    String s = text(r, "an ISO-8601 date-time string");
    try {
      return LocalDateTime.parse(s);
    } catch (DateTimeParseException e) {
      throw r.error(
          "expected an ISO-8601 date-time such as 2024-05-17T10:15:30 but found \"" + JsonException.excerpt(s) + "\"");
    }
  }

  /**
   * The current string as an ISO-8601 date-time with offset; anything else is an error with the
   * path.
   */
  public static OffsetDateTime readOffsetDateTime(JsonReader r) {
    String s = text(r, "an ISO-8601 date-time string with offset");
    try {
      return OffsetDateTime.parse(s);
    } catch (DateTimeParseException e) {
      throw r.error("expected an ISO-8601 date-time with offset such as 2024-05-17T10:15:30+02:00"
          + " but found \"" + JsonException.excerpt(s) + "\"");
    }
  }

  /**
   * The current string as an ISO-8601 date-time with zone; anything else is an error with the path.
   */
  public static ZonedDateTime readZonedDateTime(JsonReader r) {
    String s = text(r, "an ISO-8601 date-time string with zone");
    try {
      return ZonedDateTime.parse(s);
    } catch (DateTimeParseException e) {
      throw r.error("expected an ISO-8601 date-time with zone such as"
          + " 2024-05-17T10:15:30+02:00[Europe/Paris] but found \"" + JsonException.excerpt(s) + "\"");
    }
  }

  /** The current string as a UUID in its canonical 36-character form; anything else is an error. */
  public static UUID readUuid(JsonReader r) {
    String s = text(r, "a UUID string");
    // UUID.fromString accepts short groups ("1-2-3-4-5"); only the canonical form is a UUID here.
    if (s.length() == 36) {
      try {
        return UUID.fromString(s);
      } catch (IllegalArgumentException e) {
        // reported below
      }
    }
    throw r.error("expected a UUID such as 123e4567-e89b-12d3-a456-426614174000 but found \"" + JsonException.excerpt(s) + "\"");
  }

  private static String text(JsonReader r, String what) {
    if (r.token() != JsonToken.STRING) {
      throw expected(r, what);
    }
    return r.getString();
  }

  /**
   * The object at the current token, whole, as a core tree ({@code Map} fields); anything else is
   * an error.
   */
  public static JsonObject readJsonObject(JsonReader r) {
    if (r.token() != JsonToken.BEGIN_OBJECT) {
      throw expected(r, "an object");
    }
    return (JsonObject) r.readValue();
  }

  /** An enum type's constants and their names' UTF-8 bytes, for {@link #readEnum} and {@link #writeText}. */
  private static final class EnumConstants {
    /** Up to this many constants are matched one by one, without decoding the string; more by a map. */
    static final int SCANNED = 16;

    final Enum<?>[] constants;
    final byte[][] names;
    /** Each name in quotes, as a writer writes it under every option: identifiers need no escape. */
    final byte[][] quoted;
    final Map<String, Enum<?>> byName = new LinkedHashMap<>(); // declared order, for messages
    /** The names again, for {@link JsonReader#nextConstantMember}. */
    final JsonNames jsonNames;

    EnumConstants(Class<?> type) {
      Object[] all = type.getEnumConstants();
      constants = new Enum<?>[all.length];
      names = new byte[all.length][];
      quoted = new byte[all.length][];
      for (int i = 0; i < all.length; i++) {
        constants[i] = (Enum<?>) all[i];
        String name = constants[i].name();
        names[i] = name.getBytes(StandardCharsets.UTF_8);
        quoted[i] = JsonWriter.toBytes(w -> w.value(name));
        byName.put(name, constants[i]);
      }
      jsonNames = JsonNames.of(byName.keySet().toArray(new String[0]));
    }
  }

  private static final ClassValue<EnumConstants> ENUMS =
      new ClassValue<>() {
        @Override
        protected EnumConstants computeValue(Class<?> type) {
          return new EnumConstants(type);
        }
      };

  /**
   * The names of {@code type}'s constants, in declared order (the order of its {@code values()}),
   * for generated codecs to read an enum member with {@link JsonReader#nextConstantMember}.
   *
   * @throws IllegalArgumentException when {@code type} is not an enum
   */
  public static JsonNames enumNames(Class<?> type) {
    if (!type.isEnum()) {
      throw new IllegalArgumentException(type.getName() + " is not an enum");
    }
    return ENUMS.get(type).jsonNames;
  }

  /**
   * The constant of {@code type} named by the current string. A small enum's names are compared
   * with the string's bytes where they lie in the input (no string is made); a larger one's are
   * looked up by the decoded string.
   */
  public static Object readEnum(JsonReader r, Class<?> type) {
    if (r.token() != JsonToken.STRING) {
      throw expected(r, "a constant of " + type.getSimpleName());
    }
    EnumConstants c = ENUMS.get(type);
    if (c.constants.length <= EnumConstants.SCANNED) {
      byte[][] names = c.names;
      for (int i = 0; i < names.length; i++) {
        if (r.stringEquals(names[i])) {
          return c.constants[i];
        }
      }
    } else {
      Enum<?> e = c.byName.get(r.getString());
      if (e != null) {
        return e;
      }
    }
    throw r.error("expected one of " + c.byName.keySet() + " (" + type.getSimpleName()
        + ") but found \"" + JsonException.excerpt(r.getString()) + "\"");
  }

  // -------------------------------------------------------------------------------------------
  // Lenient conversions: a number or boolean may also come as a string holding one, as Esper
  // accepts. Off by default.

  /** A string, or the text of a number or boolean (Esper reads {@code true} into a string field). */
  public static String lenientString(JsonReader r) {
    switch (r.token()) {
      case STRING:
        return r.getString();
      case NUMBER:
        return r.getNumberText();
      case TRUE:
        return "true";
      case FALSE:
        return "false";
      default:
        throw expected(r, "a string");
    }
  }

  /** Lenient mode: a boolean, or the string {@code "true"} or {@code "false"}. */
  public static boolean lenientBoolean(JsonReader r) {
    if (r.token() != JsonToken.STRING) {
      return r.getBoolean();
    }
    String s = r.getString();
    if (s.equals("true")) {
      return true;
    }
    if (s.equals("false")) {
      return false;
    }
    throw r.error("expected a boolean but found the string \"" + JsonException.excerpt(s) + "\"");
  }

  /** Lenient mode: an int, or a string that holds exactly one (overflow is still an error). */
  public static int lenientInt(JsonReader r) {
    if (r.token() != JsonToken.STRING) {
      return r.getInt();
    }
    JsonReader in = number(r, "an int");
    try {
      return in.getInt();
    } catch (JsonException e) {
      throw inString(r, e);
    }
  }

  /** Lenient mode: a long, or a string that holds exactly one (overflow is still an error). */
  public static long lenientLong(JsonReader r) {
    if (r.token() != JsonToken.STRING) {
      return r.getLong();
    }
    JsonReader in = number(r, "a long");
    try {
      return in.getLong();
    } catch (JsonException e) {
      throw inString(r, e);
    }
  }

  /** Lenient mode: a byte, or a string that holds exactly one (out of range is still an error). */
  public static byte lenientByte(JsonReader r) {
    int v = lenientInt(r);
    if (v < Byte.MIN_VALUE || v > Byte.MAX_VALUE) {
      throw r.error("number " + v + " does not fit a byte (-128 to 127)");
    }
    return (byte) v;
  }

  /** Lenient mode: a short, or a string that holds exactly one (out of range is still an error). */
  public static short lenientShort(JsonReader r) {
    int v = lenientInt(r);
    if (v < Short.MIN_VALUE || v > Short.MAX_VALUE) {
      throw r.error("number " + v + " does not fit a short (-32768 to 32767)");
    }
    return (short) v;
  }

  /** Lenient mode: a float, or a string that holds exactly one number. */
  public static float lenientFloat(JsonReader r) {
    if (r.token() != JsonToken.STRING) {
      return readFloat(r);
    }
    JsonReader in = number(r, "a float");
    try {
      return readFloat(in);
    } catch (JsonException e) {
      throw inString(r, e);
    }
  }

  /** Lenient mode: a double, or a string that holds exactly one number. */
  public static double lenientDouble(JsonReader r) {
    if (r.token() != JsonToken.STRING) {
      return r.getDouble();
    }
    JsonReader in = number(r, "a double");
    try {
      return in.getDouble();
    } catch (JsonException e) {
      throw inString(r, e);
    }
  }

  /** Lenient mode: an integer of any size, or a string that holds exactly one. */
  public static BigInteger lenientBigInteger(JsonReader r) {
    if (r.token() != JsonToken.STRING) {
      return r.getBigInteger();
    }
    JsonReader in = number(r, "an integer");
    try {
      return in.getBigInteger();
    } catch (JsonException e) {
      throw inString(r, e);
    }
  }

  /** Lenient mode: a decimal of any size, or a string that holds exactly one. */
  public static BigDecimal lenientBigDecimal(JsonReader r) {
    if (r.token() != JsonToken.STRING) {
      return r.getBigDecimal();
    }
    JsonReader in = number(r, "a number");
    try {
      return in.getBigDecimal();
    } catch (JsonException e) {
      throw inString(r, e); // at the member, not at the start of the string's own reader
    }
  }

  /** A reader standing on the number that is the whole of the current string. */
  private static JsonReader number(JsonReader r, String what) {
    String s = r.getString();
    JsonReader in = JsonReader.of(s);
    try {
      if (in.next() == JsonToken.NUMBER && in.getNumberText().length() == s.length()) {
        return in;
      }
    } catch (JsonException e) {
      // not a number: reported below
    }
    throw r.error("expected " + what + " but found the string \"" + JsonException.excerpt(s) + "\"");
  }

  private static JsonException inString(JsonReader r, JsonException e) {
    return r.error(e.reason() + " (in the string \"" + JsonException.excerpt(r.getString()) + "\")");
  }

  // -------------------------------------------------------------------------------------------
  // Writing

  /** Writes {@code c} as a one-character string. */
  public static void writeChar(JsonWriter w, char c) {
    w.value(String.valueOf(c));
  }

  /** A float as {@link JsonWriter#value(float)} writes it: a decimal that reads back to the same float. */
  public static void writeFloat(JsonWriter w, float f) {
    w.value(f);
  }

  /** Writes {@code v}, or {@code null} when it is null. */
  public static void writeBoxed(JsonWriter w, Boolean v) {
    if (v == null) {
      w.nullValue();
    } else {
      w.value(v.booleanValue());
    }
  }

  /** Writes {@code v} as a one-character string, or {@code null} when it is null. */
  public static void writeBoxed(JsonWriter w, Character v) {
    if (v == null) {
      w.nullValue();
    } else {
      writeChar(w, v.charValue());
    }
  }

  /** Writes {@code v}, or {@code null} when it is null. */
  public static void writeBoxed(JsonWriter w, Byte v) {
    if (v == null) {
      w.nullValue();
    } else {
      w.value((long) v.byteValue());
    }
  }

  /** Writes {@code v}, or {@code null} when it is null. */
  public static void writeBoxed(JsonWriter w, Short v) {
    if (v == null) {
      w.nullValue();
    } else {
      w.value((long) v.shortValue());
    }
  }

  /** Writes {@code v}, or {@code null} when it is null. */
  public static void writeBoxed(JsonWriter w, Integer v) {
    if (v == null) {
      w.nullValue();
    } else {
      w.value((long) v.intValue());
    }
  }

  /** Writes {@code v}, or {@code null} when it is null. */
  public static void writeBoxed(JsonWriter w, Long v) {
    if (v == null) {
      w.nullValue();
    } else {
      w.value(v.longValue());
    }
  }

  /**
   * Writes {@code v} as a decimal that reads back to the same float, or {@code null} when it is
   * null.
   */
  public static void writeBoxed(JsonWriter w, Float v) {
    if (v == null) {
      w.nullValue();
    } else {
      writeFloat(w, v.floatValue());
    }
  }

  /**
   * Writes {@code v} as the shortest decimal that reads back to it, or {@code null} when it is
   * null.
   */
  public static void writeBoxed(JsonWriter w, Double v) {
    if (v == null) {
      w.nullValue();
    } else {
      w.value(v.doubleValue());
    }
  }

  /** Dates, times, UUIDs and enums: their ISO-8601 or constant name as a string. */
  public static void writeText(JsonWriter w, Object v) {
    if (v == null) {
      w.nullValue();
    } else if (v instanceof Enum) {
      // The constant's name, encoded once per enum type.
      Enum<?> e = (Enum<?>) v;
      byte[] q = ENUMS.get(e.getDeclaringClass()).quoted[e.ordinal()];
      w.rawValue(q, 0, q.length);
    } else {
      w.value(v.toString());
    }
  }

  /** The captured unknown members of a value, written after its fields. */
  public static void writeMembers(Map<String, JsonValue> members, JsonWriter w) {
    if (members == null) {
      return;
    }
    for (Map.Entry<String, JsonValue> e : members.entrySet()) {
      w.name(e.getKey());
      w.value(e.getValue());
    }
  }

  // -------------------------------------------------------------------------------------------
  // Whole documents

  /** Writes {@code value} to bytes through the writer the thread keeps ({@link JsonWriter#toBytes}). */
  static <T> byte[] toBytes(Codec<T> codec, T value) {
    return JsonWriter.toBytes(w -> codec.write(value, w));
  }
}
