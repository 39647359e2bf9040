package dev.brisk.jsonp;

import dev.brisk.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonConfig;
import jakarta.json.JsonException;
import jakarta.json.JsonMergePatch;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonPatch;
import jakarta.json.JsonPatchBuilder;
import jakarta.json.JsonPointer;
import jakarta.json.JsonReader;
import jakarta.json.JsonReaderFactory;
import jakarta.json.JsonString;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import jakarta.json.JsonWriter;
import jakarta.json.JsonWriterFactory;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonGeneratorFactory;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParserFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Brisk's Jakarta JSON Processing 2.1 provider: parsers read UTF-8 bytes in place with the core
 * reader (other encodings are detected and re-encoded on the way in), generators write through
 * the core writer, and the core limits apply (depth 1000, strings 20 MB, numbers 1000 characters,
 * names 50 000 bytes), changeable in the config map with the keys below, which also set the two
 * limits that are off by default: the bytes of the input, and the members of one object or array.
 *
 * <p>A {@code JsonReader} of a {@code ByteArrayInputStream} of up to 1 MiB copies the input once
 * and keeps the strings of its tree as parts of that copy: a string kept from it keeps the copy
 * reachable (at most 1 MiB). Larger inputs and other streams copy each string's bytes. A {@code
 * JsonParser} of a {@code ByteArrayInputStream} reads the stream's own array in place where the
 * JDK lends it ({@code transferTo}, up to JDK 21), and copies each string it returns out of it.
 *
 * <p>Found by {@code JsonProvider.provider()} through {@code META-INF/services}; {@link
 * #instance()} skips that lookup, which opensearch-java once paid on every parse. Thread-safe;
 * the parsers, generators, readers, writers and builders it makes belong to one thread each.
 */
public final class BriskJsonProvider extends JsonProvider {
  /** Config key: the deepest nesting a parser accepts and a generator writes (an Integer; default 1000). */
  public static final String MAX_DEPTH = "dev.brisk.json.maxDepth";
  /** Config key: the longest string in bytes (default 20 000 000). */
  public static final String MAX_STRING_LENGTH = "dev.brisk.json.maxStringLength";
  /** Config key: the longest number in characters (default 1000). */
  public static final String MAX_NUMBER_LENGTH = "dev.brisk.json.maxNumberLength";
  /** Config key: the longest member name in bytes (default 50 000). */
  public static final String MAX_NAME_LENGTH = "dev.brisk.json.maxNameLength";
  /** Config key: the most bytes a parser or reader takes from its input (a Long; default: no limit). */
  public static final String MAX_DOCUMENT_LENGTH = "dev.brisk.json.maxDocumentLength";
  /** Config key: the most members of one object, or elements of one array (default: no limit). */
  public static final String MAX_MEMBERS = "dev.brisk.json.maxMembers";
  /**
   * Config key: the most bytes of a stream that one value read into memory (by a reader, or by a
   * parser's {@code getObject}, {@code getArray} or {@code getValue}) may span (a Long; default 64
   * MiB, {@code Long.MAX_VALUE} for practically none). A stream that does not end then fails
   * there instead of filling the heap; parsing events one by one is not bounded by it.
   */
  public static final String MAX_TREE_LENGTH = "dev.brisk.json.maxTreeLength";

  /**
   * Config key: parsers and readers accept {@code //} and {@code /* *}{@code /} comments (a
   * Boolean or its text; default false, as RFC 8259 has none). Generators still write strict JSON.
   */
  public static final String ALLOW_COMMENTS = "dev.brisk.json.allowComments";
  /**
   * Config key: parsers and readers accept a comma before {@code ]} or <code>}</code> (a Boolean or
   * its text; default false).
   */
  public static final String ALLOW_TRAILING_COMMAS = "dev.brisk.json.allowTrailingCommas";

  private static final BriskJsonProvider INSTANCE = new BriskJsonProvider();
  private static final Settings DEFAULTS = new Settings(Collections.emptyMap());

  /** The shared instance; the public constructor is for the ServiceLoader. */
  public static BriskJsonProvider instance() {
    return INSTANCE;
  }

  /**
   * For the ServiceLoader; callers who want no lookup use {@link #instance()}, a shared provider
   * that behaves the same.
   */
  public BriskJsonProvider() {}

  /** The config map read once: what each factory uses, and what it reports as in use. */
  static final class Settings {
    /**
     * Inputs up to this size are read with {@link #shared}: a string kept from a tree then keeps
     * at most this many bytes reachable; larger ones copy each string's bytes.
     */
    static final int SHARE_LIMIT = 1 << 20;

    final Json json;
    final Json shared;
    final boolean pretty;
    final Parser.DuplicateKeys keys;
    final Map<String, Object> inUse;

    Settings(Map<String, ?> config) {
      Map<String, Object> used = new LinkedHashMap<>();
      Map<String, ?> c = config == null ? Collections.emptyMap() : config;
      Json.Builder b = Json.builder();
      // Each key present is read (a bad value is an error naming it), set and reported as in use.
      take(c, used, MAX_DEPTH, o -> b.maxDepth(intValue(o, MAX_DEPTH)));
      take(c, used, MAX_STRING_LENGTH, o -> b.maxStringLength(intValue(o, MAX_STRING_LENGTH)));
      take(c, used, MAX_NUMBER_LENGTH, o -> b.maxNumberLength(intValue(o, MAX_NUMBER_LENGTH)));
      take(c, used, MAX_NAME_LENGTH, o -> b.maxNameLength(intValue(o, MAX_NAME_LENGTH)));
      take(c, used, MAX_DOCUMENT_LENGTH,
          o -> b.maxDocumentLength(wholeNumber(o, MAX_DOCUMENT_LENGTH, Long.MAX_VALUE)));
      take(c, used, MAX_MEMBERS, o -> b.maxMembers(intValue(o, MAX_MEMBERS)));
      take(c, used, MAX_TREE_LENGTH,
          o -> b.maxTreeLength(wholeNumber(o, MAX_TREE_LENGTH, Long.MAX_VALUE)));
      take(c, used, ALLOW_COMMENTS, o -> b.allowComments(flag(o, ALLOW_COMMENTS)));
      take(c, used, ALLOW_TRAILING_COMMAS, o -> b.allowTrailingCommas(flag(o, ALLOW_TRAILING_COMMAS)));
      json = b.build();
      // Every byte array this provider reads is its own copy (of a ByteArrayInputStream's bytes,
      // say): the strings of the trees it reads may refer to it instead of copying from it.
      shared = b.shareInput(true).build();
      Object p = c.get(JsonGenerator.PRETTY_PRINTING);
      pretty = p != null && !Boolean.FALSE.equals(p) && !"false".equals(p);
      if (pretty) {
        used.put(JsonGenerator.PRETTY_PRINTING, true);
      }
      Object k = c.get(JsonConfig.KEY_STRATEGY);
      if (k == null) {
        keys = Parser.DuplicateKeys.LAST;
      } else {
        String s = String.valueOf(k);
        keys = "FIRST".equals(s) ? Parser.DuplicateKeys.FIRST
            : "NONE".equals(s) ? Parser.DuplicateKeys.NONE : Parser.DuplicateKeys.LAST;
        used.put(JsonConfig.KEY_STRATEGY, k);
      }
      inUse = Collections.unmodifiableMap(used);
    }

    /** When {@code key} is in the config, gives its value to {@code set} and records it as in use. */
    private static void take(Map<String, ?> c, Map<String, Object> used, String key, Consumer<Object> set) {
      if (c.containsKey(key)) {
        set.accept(c.get(key));
        used.put(key, c.get(key));
      }
    }

    /** A Boolean, or the text true or false (any case), or a JsonException naming the key. */
    private static boolean flag(Object o, String key) {
      if (o instanceof Boolean) {
        return (Boolean) o;
      }
      String text = String.valueOf(o).trim();
      if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
        return Boolean.parseBoolean(text);
      }
      throw new JsonException(key + " takes true or false, not '" + o + "'");
    }

    /**
     * A limit from the config map: a whole number from 1 to Integer.MAX_VALUE, as a Number or its
     * text. Long.MAX_VALUE was cut to -1, and 1.5 to 1, before the core's check saw them.
     */
    private static int intValue(Object o, String key) {
      return (int) wholeNumber(o, key, Integer.MAX_VALUE);
    }

    /** A whole number from 1 to {@code max}, as a Number or its text, or a JsonException naming the key. */
    private static long wholeNumber(Object o, String key, long max) {
      long v;
      try {
        v = new BigDecimal(String.valueOf(o).trim()).longValueExact();
      } catch (NumberFormatException | ArithmeticException e) {
        v = 0;
      }
      if (v < 1 || v > max) {
        throw new JsonException(key + " takes a whole number from 1 to " + max + ", not '" + o + "'");
      }
      return v;
    }

    /**
     * A parser of events. The bytes of a plain {@code ByteArrayInputStream} are read where they
     * are, when this JDK lends them ({@link LentBytes}): the parser copies every string it returns
     * out of them, as it would out of a stream's buffer.
     */
    JsonParser parser(InputStream in) {
      Objects.requireNonNull(in, "input");
      if (in.getClass() == ByteArrayInputStream.class && LentBytes.AVAILABLE) {
        LentBytes lent = LentBytes.of((ByteArrayInputStream) in);
        return parserOfBytes(lent.bytes, lent.off, lent.len, false);
      }
      return treeParser(in);
    }

    /**
     * A parser for a {@code JsonReader}, which reads one whole tree: the bytes of a {@code
     * ByteArrayInputStream} are copied once, and the tree's strings refer to that copy (see
     * {@link #SHARE_LIMIT}) instead of each copying its own bytes.
     */
    JsonParser treeParser(InputStream in) {
      Objects.requireNonNull(in, "input");
      if (in instanceof ByteArrayInputStream) {
        byte[] all = ((ByteArrayInputStream) in).readAllBytes();
        return parserOfBytes(all, 0, all.length, true);
      }
      return parserOfStream(in);
    }

    /**
     * Bytes in memory, read as an array with no stream buffer at all; their encoding is detected
     * only when the first bytes do not show plain UTF-8 (short, a byte order mark, UTF-16 or 32).
     * The strings of a tree share bytes the provider {@code owns} (see {@link #readerOfOwn}).
     */
    private JsonParser parserOfBytes(byte[] b, int off, int len, boolean owns) {
      int skip = 0;
      if (!Encodings.plainUtf8Start(b, off, len)) {
        Encodings.Detected d = Encodings.detect(b, off, Math.min(4, len));
        if (d.charset != StandardCharsets.UTF_8) {
          InputStream rest = new ByteArrayInputStream(b, off + d.skip, len - d.skip);
          return new Parser(json.reader(Encodings.decoded(rest, d.charset, d.skip)), keys);
        }
        skip = d.skip;
      }
      int from = off + skip;
      int n = len - skip;
      // Both read with the reader the last parser closed on this thread kept, when it has their
      // settings (Json.keptReader). The provider's own bytes (a JDK that lends none copies them)
      // with the settings whose strings share them.
      return new Parser(owns ? readerOfOwn(b, from, n) : readerOf(json, b, from, n), keys);
    }

    private JsonParser parserOfStream(InputStream in) {
      try {
        return new Parser(json.reader(Encodings.utf8(in)), keys);
      } catch (IOException e) {
        throw new JsonException("cannot read the input: " + e.getMessage(), e);
      }
    }

    /** A reader of an array of the provider's own, whose strings share it when it is small. */
    private dev.brisk.json.JsonReader readerOfOwn(byte[] utf8, int off, int len) {
      return readerOf(len <= SHARE_LIMIT ? shared : json, utf8, off, len);
    }

    /**
     * A core reader of bytes in memory, the thread's kept one when it has these settings ({@link
     * Json#keptReader}: a parser keeps its reader when closed), which refuses at once bytes over
     * maxDocumentLength: that refusal as JSON-P's parsing error, as every other fault of the input is.
     */
    private static dev.brisk.json.JsonReader readerOf(Json j, byte[] utf8, int off, int len) {
      try {
        return j.keptReader(utf8, off, len);
      } catch (dev.brisk.json.JsonException e) {
        throw Parser.parsing(e);
      }
    }

    JsonParser parser(InputStream in, Charset cs) {
      Objects.requireNonNull(in, "input");
      return new Parser(json.reader(Encodings.utf8(in, Objects.requireNonNull(cs, "charset"))), keys);
    }

    JsonParser parser(Reader in) {
      return new Parser(json.reader(new Encodings.Utf8Stream(Objects.requireNonNull(in, "reader"))), keys);
    }

    JsonParser parser(JsonValue v) {
      byte[] bytes = Generators.toJson(Objects.requireNonNull(v, "value")).getBytes(StandardCharsets.UTF_8);
      return new Parser(readerOfOwn(bytes, 0, bytes.length), keys);
    }

    /** How deep a parser reads, and a generator writes. */
    private int maxDepth() {
      return json.limits().maxDepth();
    }

    JsonGenerator generator(OutputStream out) {
      return Generators.create(Objects.requireNonNull(out, "output"), pretty, maxDepth());
    }

    JsonGenerator generator(OutputStream out, Charset cs) {
      Objects.requireNonNull(out, "output");
      if (StandardCharsets.UTF_8.equals(Objects.requireNonNull(cs, "charset"))) {
        return Generators.create(out, pretty, maxDepth());
      }
      return Generators.create(new OutputStreamWriter(out, cs), pretty, maxDepth());
    }

    JsonGenerator generator(Writer out) {
      return Generators.create(Objects.requireNonNull(out, "writer"), pretty, maxDepth());
    }
  }

  @Override
  public JsonParser createParser(Reader reader) {
    return DEFAULTS.parser(reader);
  }

  @Override
  public JsonParser createParser(InputStream in) {
    return DEFAULTS.parser(in);
  }

  @Override
  public JsonParserFactory createParserFactory(Map<String, ?> config) {
    Settings s = new Settings(config);
    return new JsonParserFactory() {
      @Override
      public JsonParser createParser(Reader reader) {
        return s.parser(reader);
      }

      @Override
      public JsonParser createParser(InputStream in) {
        return s.parser(in);
      }

      @Override
      public JsonParser createParser(InputStream in, Charset charset) {
        return s.parser(in, charset);
      }

      @Override
      public JsonParser createParser(JsonObject obj) {
        return s.parser(obj);
      }

      @Override
      public JsonParser createParser(JsonArray array) {
        return s.parser(array);
      }

      @Override
      public Map<String, ?> getConfigInUse() {
        return s.inUse;
      }
    };
  }

  @Override
  public JsonGenerator createGenerator(Writer writer) {
    return DEFAULTS.generator(writer);
  }

  @Override
  public JsonGenerator createGenerator(OutputStream out) {
    return DEFAULTS.generator(out);
  }

  @Override
  public JsonGeneratorFactory createGeneratorFactory(Map<String, ?> config) {
    Settings s = new Settings(config);
    return new JsonGeneratorFactory() {
      @Override
      public JsonGenerator createGenerator(Writer writer) {
        return s.generator(writer);
      }

      @Override
      public JsonGenerator createGenerator(OutputStream out) {
        return s.generator(out);
      }

      @Override
      public JsonGenerator createGenerator(OutputStream out, Charset charset) {
        return s.generator(out, charset);
      }

      @Override
      public Map<String, ?> getConfigInUse() {
        return s.inUse;
      }
    };
  }

  @Override
  public JsonReader createReader(Reader reader) {
    return new ReadersWriters.Reader(DEFAULTS.parser(reader));
  }

  @Override
  public JsonReader createReader(InputStream in) {
    return new ReadersWriters.Reader(DEFAULTS.treeParser(in));
  }

  @Override
  public JsonWriter createWriter(Writer writer) {
    return new ReadersWriters.Writer(DEFAULTS.generator(writer));
  }

  @Override
  public JsonWriter createWriter(OutputStream out) {
    return new ReadersWriters.Writer(DEFAULTS.generator(out));
  }

  @Override
  public JsonWriterFactory createWriterFactory(Map<String, ?> config) {
    Settings s = new Settings(config);
    return new JsonWriterFactory() {
      @Override
      public JsonWriter createWriter(Writer writer) {
        return new ReadersWriters.Writer(s.generator(writer));
      }

      @Override
      public JsonWriter createWriter(OutputStream out) {
        return new ReadersWriters.Writer(s.generator(out));
      }

      @Override
      public JsonWriter createWriter(OutputStream out, Charset charset) {
        return new ReadersWriters.Writer(s.generator(out, charset));
      }

      @Override
      public Map<String, ?> getConfigInUse() {
        return s.inUse;
      }
    };
  }

  @Override
  public JsonReaderFactory createReaderFactory(Map<String, ?> config) {
    Settings s = new Settings(config);
    return new JsonReaderFactory() {
      @Override
      public JsonReader createReader(Reader reader) {
        return new ReadersWriters.Reader(s.parser(reader));
      }

      @Override
      public JsonReader createReader(InputStream in) {
        return new ReadersWriters.Reader(s.treeParser(in));
      }

      @Override
      public JsonReader createReader(InputStream in, Charset charset) {
        return new ReadersWriters.Reader(s.parser(in, charset));
      }

      @Override
      public Map<String, ?> getConfigInUse() {
        return s.inUse;
      }
    };
  }

  @Override
  public JsonObjectBuilder createObjectBuilder() {
    return new Builders.ObjectBuilder();
  }

  @Override
  public JsonObjectBuilder createObjectBuilder(JsonObject object) {
    return new Builders.ObjectBuilder(object);
  }

  @Override
  public JsonObjectBuilder createObjectBuilder(Map<String, ?> map) {
    return new Builders.ObjectBuilder(Objects.requireNonNull(map, "map"));
  }

  @Override
  public JsonArrayBuilder createArrayBuilder() {
    return new Builders.ArrayBuilder();
  }

  @Override
  public JsonArrayBuilder createArrayBuilder(JsonArray array) {
    return new Builders.ArrayBuilder(array);
  }

  @Override
  public JsonArrayBuilder createArrayBuilder(Collection<?> collection) {
    return new Builders.ArrayBuilder(Objects.requireNonNull(collection, "collection"));
  }

  @Override
  public JsonBuilderFactory createBuilderFactory(Map<String, ?> config) {
    return new Builders.Factory();
  }

  @Override
  public JsonPointer createPointer(String jsonPointer) {
    return new Pointer(jsonPointer);
  }

  @Override
  public JsonPatchBuilder createPatchBuilder() {
    return new Patches.Builder(null);
  }

  @Override
  public JsonPatchBuilder createPatchBuilder(JsonArray array) {
    return new Patches.Builder(array);
  }

  @Override
  public JsonPatch createPatch(JsonArray array) {
    return new Patches.Patch(array);
  }

  @Override
  public JsonPatch createDiff(JsonStructure source, JsonStructure target) {
    return new Patches.Patch(Patches.diff(source, target));
  }

  @Override
  public JsonMergePatch createMergePatch(JsonValue patch) {
    return new Patches.MergePatch(patch);
  }

  @Override
  public JsonMergePatch createMergeDiff(JsonValue source, JsonValue target) {
    return new Patches.MergePatch(Patches.mergeDiff(source, target));
  }

  @Override
  public JsonString createValue(String value) {
    return Values.string(value);
  }

  @Override
  public JsonNumber createValue(int value) {
    return Values.number((long) value);
  }

  @Override
  public JsonNumber createValue(long value) {
    return Values.number(value);
  }

  @Override
  public JsonNumber createValue(double value) {
    return Values.number(value);
  }

  @Override
  public JsonNumber createValue(BigDecimal value) {
    return Values.number(value);
  }

  @Override
  public JsonNumber createValue(BigInteger value) {
    return Values.number(value);
  }

  @Override
  public JsonNumber createValue(Number value) {
    Objects.requireNonNull(value, "value");
    JsonValue v = Builders.toValue(value);
    return (JsonNumber) v;
  }
}
