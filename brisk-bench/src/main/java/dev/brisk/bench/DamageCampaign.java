package dev.brisk.bench;

import dev.brisk.bench.users.Users;
import dev.brisk.json.Json;
import dev.brisk.json.JsonArray;
import dev.brisk.json.JsonBoolean;
import dev.brisk.json.JsonException;
import dev.brisk.json.JsonNumber;
import dev.brisk.json.JsonObject;
import dev.brisk.json.JsonValue;
import dev.brisk.jsonp.BriskJsonProvider;
import dev.brisk.schema.Codec;
import dev.brisk.schema.Codecs;
import dev.brisk.schema.JsonRecord;
import dev.brisk.schema.Schemas;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * A differential campaign over damaged users documents: each document, damaged in one to three
 * places, is read by every way Brisk has of reading it, and the ways must agree. What runs in the
 * build is a few thousand documents ({@code DamageCampaignTest}); a long run is
 *
 * <pre>
 * java -cp brisk-bench/target/benchmarks.jar dev.brisk.bench.DamageCampaign 1000000 7
 * </pre>
 *
 * <p>(documents, then seed). The ways: the tree parser ({@code Json.parse}), the {@code @JsonCodec}
 * codec from bytes and from a stream, the codec compiled from the seed's schema text, and the
 * JSON-P provider's reader. What must hold, each a kind of problem in the report:
 *
 * <ul>
 *   <li>anything thrown is a {@code JsonException} (JSON-P's, for the provider): never another
 *       exception or an Error;
 *   <li>a codec accepts only what the tree parser accepts (both are strict RFC 8259);
 *   <li>the JSON-P reader accepts exactly what the tree parser accepts;
 *   <li>the two codecs accept the same documents and read the same values (where the schema's
 *       record has null for an absent primitive, the class has its default);
 *   <li>the codec reads the same from bytes and from a stream;
 *   <li>the codec reads the same value from the damaged document, which is compact and mostly in
 *       declared order (its fast paths), as from the tree parser's pretty-printed copy of it (its
 *       general way).
 * </ul>
 *
 * <p>The damage: a byte replaced by JSON punctuation, a digit, a letter, a control character or a
 * byte that is not UTF-8; a byte dropped or added; the end cut off; a slice repeated elsewhere;
 * UTF-8 text or an escape put in; a number replaced by an edge case (2147483648, 1e400, -0, 01, 1.).
 * Single-threaded; nothing is timed.
 */
public final class DamageCampaign {
  private DamageCampaign() {}

  /** One way of reading a document; anything it throws is its rejection. */
  interface Way {
    Object read(byte[] doc) throws Throwable;
  }

  /**
   * The ways compared, and how the codec's value is written back for comparing (the schema
   * codec's way answers with that JSON already); a test swaps one for a reader wrong on purpose.
   */
  record Ways(Way tree, Way codec, Way codecFromStream, Function<Object, byte[]> codecWrite, Way schemaCodec,
      Way jsonp) {
    /** Brisk's own ways, over the benchmarks' users codecs. */
    static Ways brisk() {
      Codec<Users> codec = Codecs.get(Users.class);
      Codec<JsonRecord> schema = Schemas.compile(Peers.BRISK_SCHEMA).codec("Users");
      jakarta.json.spi.JsonProvider provider = BriskJsonProvider.instance();
      return new Ways(
          Json::parse,
          codec::read,
          doc -> codec.read(new ByteArrayInputStream(doc)),
          v -> codec.write((Users) v),
          doc -> Json.parse(schema.write(schema.read(doc))), // compared as the JSON it writes
          doc -> {
            try (jakarta.json.JsonReader r = provider.createReader(new ByteArrayInputStream(doc))) {
              return r.readValue(); // read() answers only objects and arrays, as JSON-P says
            }
          });
    }
  }

  /** What a campaign found: counts, and the problems by kind with the first examples of each. */
  static final class Report {
    long documents;
    long treeAccepted;
    long codecAccepted;
    final Map<String, Integer> problems = new TreeMap<>();
    final List<String> examples = new ArrayList<>();

    long problemCount() {
      return problems.values().stream().mapToLong(Integer::longValue).sum();
    }

    @Override
    public String toString() {
      return documents + " documents, the tree parser accepted " + treeAccepted + ", the codec "
          + codecAccepted + "; problems: " + (problems.isEmpty() ? "none" : problems + "\n" + String.join("\n", examples));
    }
  }

  /** Runs the campaign: {@code args[0]} documents from seed {@code args[1]}; exits 1 on a problem. */
  public static void main(String[] args) {
    long n = args.length > 0 ? Long.parseLong(args[0]) : 100_000;
    long seed = args.length > 1 ? Long.parseLong(args[1]) : 1;
    Report report = run(n, seed, Ways.brisk());
    System.out.println(report);
    System.exit(report.problems.isEmpty() ? 0 : 1);
  }

  private static final Json PRETTY = Json.builder().indent("  ").build();

  /** Reads {@code n} damaged documents from seed {@code seed} every way in {@code ways}. */
  static Report run(long n, long seed, Ways ways) {
    SplittableRandom r = new SplittableRandom(seed);
    byte[][] bases = new byte[6][];
    for (int i = 0; i < bases.length; i++) {
      bases[i] = dev.brisk.bench.Users.document(seed + i, 300 + 500 * i); // one to eight users
    }
    Report report = new Report();
    for (long i = 0; i < n; i++) {
      byte[] doc = damaged(bases[r.nextInt(bases.length)].clone(), r);
      check(doc, ways, report);
      report.documents++;
    }
    return report;
  }

  /** Reads one document every way in {@code ways} and adds what disagrees to {@code report}. */
  static void check(byte[] doc, Ways ways, Report report) {
    Object tree = outcome(ways.tree(), doc);
    Object codec = outcome(ways.codec(), doc);
    Object stream = outcome(ways.codecFromStream(), doc);
    Object schema = outcome(ways.schemaCodec(), doc);
    Object jsonp = outcome(ways.jsonp(), doc);
    boolean treeOk = !(tree instanceof Throwable);
    boolean codecOk = !(codec instanceof Throwable);
    report.treeAccepted += treeOk ? 1 : 0;
    report.codecAccepted += codecOk ? 1 : 0;
    for (Object o : new Object[] {tree, codec, stream, schema, jsonp}) {
      if (o instanceof Throwable && !(o instanceof JsonException) && !(o instanceof jakarta.json.JsonException)) {
        problem(report, "not a JsonException", doc, o.toString());
      }
    }
    if (codecOk && !treeOk) {
      problem(report, "the codec accepts what the tree parser rejects", doc, tree.toString());
    }
    if (!(schema instanceof Throwable) && !treeOk) {
      problem(report, "the schema codec accepts what the tree parser rejects", doc, tree.toString());
    }
    if (!(jsonp instanceof Throwable) != treeOk) {
      problem(report, "the JSON-P reader and the tree parser disagree", doc, "tree " + tree + ", JSON-P " + jsonp);
    }
    if (codecOk != !(schema instanceof Throwable)) {
      problem(report, "the two codecs disagree on accepting", doc, "codec " + codec + ", schema codec " + schema);
    } else if (codecOk) {
      JsonValue written = Json.parse(ways.codecWrite().apply(codec));
      if (!written.equals(withDefaults((JsonValue) schema))) {
        problem(report, "the two codecs read different values", doc, written + " / " + schema);
      }
    }
    if (codecOk != !(stream instanceof Throwable) || codecOk && !Objects.equals(codec, stream)) {
      problem(report, "the codec reads bytes and a stream differently", doc, codec + " / " + stream);
    }
    if (codecOk && treeOk) {
      Object general = outcome(ways.codec(), PRETTY.write((JsonValue) tree));
      if (!Objects.equals(codec, general)) { // null where the document is
        problem(report, "the codec's fast paths and its general way differ", doc, String.valueOf(general));
      }
    }
  }

  /** The schema's record writes null for an absent primitive; the class has its default there. */
  static JsonValue withDefaults(JsonValue doc) {
    if (doc.isNull()) { // a document that is JSON null: a null Users, no record
      return doc;
    }
    JsonValue users = doc.asObject().get("users");
    if (users == null || users.isNull()) {
      return doc;
    }
    JsonArray.Builder out = JsonArray.builder();
    for (JsonValue u : users.asArray()) {
      if (u.isNull()) {
        out.add(u);
        continue;
      }
      JsonObject.Builder b = JsonObject.builder();
      JsonObject o = u.asObject();
      for (String name : o.names()) {
        JsonValue v = o.get(name);
        if (v.isNull() && PRIMITIVE_DEFAULTS.containsKey(name)) {
          v = PRIMITIVE_DEFAULTS.get(name);
        }
        b.put(name, v);
      }
      out.add(b.build());
    }
    return JsonObject.builder().put("users", out.build()).build();
  }

  private static final Map<String, JsonValue> PRIMITIVE_DEFAULTS = Map.of(
      "index", JsonNumber.of(0), "age", JsonNumber.of(0), "latitude", JsonNumber.of(0.0),
      "longitude", JsonNumber.of(0.0), "isActive", JsonBoolean.FALSE);

  private static Object outcome(Way way, byte[] doc) {
    try {
      return way.read(doc);
    } catch (Throwable t) {
      return t;
    }
  }

  /** Counts a problem; keeps the first two examples of each kind, the document shortened. */
  private static void problem(Report report, String kind, byte[] doc, String detail) {
    int seen = report.problems.merge(kind, 1, Integer::sum);
    if (seen <= 2) {
      report.examples.add(kind + ": " + shortened(detail) + "\n  document: "
          + shortened(new String(doc, StandardCharsets.ISO_8859_1)));
    }
  }

  private static String shortened(String s) {
    return s.length() <= 400 ? s : s.substring(0, 400) + "... (" + s.length() + " characters)";
  }

  // ---------------------------------------------------------------------------------------------
  // Damage

  /** Bytes put in place of one: punctuation, number and literal bytes, controls, bytes not UTF-8. */
  private static final byte[] SPECIAL = {
    '"', '\\', '{', '}', '[', ']', ',', ':', '0', '9', '-', '+', '.', 'e', 'E', ' ', '\n', '\t', 'n', 't', 'u',
    0x00, 0x1F, 0x7F, (byte) 0x80, (byte) 0xBF, (byte) 0xC0, (byte) 0xC3, (byte) 0xED, (byte) 0xF4, (byte) 0xFF
  };

  private static final String LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789";

  /** Text put in: UTF-8 of two to four bytes, escapes (some of them bad), bits of structure. */
  private static final String[] INSERTS = {
    "\u00e9", "\u20ac", "\ud83d\ude00", "\\n", "\\u00e9", "\\ud83d\\ude00", "\\\"", "\\/", "\\ud800",
    "\\uDC00x", "\\x", "null", ",\"x\":1", "\"", "[]", "{}", " \t\r\n"
  };

  /** Numbers put in place of one: the edges of int and long, exponents, forms JSON forbids. */
  private static final String[] EDGE_NUMBERS = {
    "2147483647", "2147483648", "-2147483648", "-2147483649", "9223372036854775807", "9223372036854775808",
    "1e400", "-1e400", "1e-400", "-0", "-0.0", "0.1e1", "1E+2", "1.5", "00", "01", "1.", ".5", "1e", "-",
    "4.9e-324", "1.7976931348623157e308", "41.074136711612084", "123456789012345678901234567890"
  };

  /** {@code doc} damaged in one to three places. */
  static byte[] damaged(byte[] doc, SplittableRandom r) {
    for (int k = r.nextInt(1, 4); k > 0 && doc.length > 0; k--) {
      int at = r.nextInt(doc.length);
      switch (r.nextInt(8)) {
        case 0:
          doc[at] = SPECIAL[r.nextInt(SPECIAL.length)];
          break;
        case 1:
          doc[at] = (byte) LETTERS.charAt(r.nextInt(LETTERS.length())); // names become unknown ones
          break;
        case 2:
          doc = splice(doc, at, at + 1, new byte[0]);
          break;
        case 3:
          doc = splice(doc, at, at, new byte[] {SPECIAL[r.nextInt(SPECIAL.length)]});
          break;
        case 4:
          doc = Arrays.copyOf(doc, at);
          break;
        case 5: { // a slice of up to 40 bytes repeated somewhere
          int len = r.nextInt(1, Math.min(40, doc.length - at) + 1);
          int to = r.nextInt(doc.length + 1);
          doc = splice(doc, to, to, Arrays.copyOfRange(doc, at, at + len));
          break;
        }
        case 6:
          doc = splice(doc, at, at, INSERTS[r.nextInt(INSERTS.length)].getBytes(StandardCharsets.UTF_8));
          break;
        default: { // the next number from here replaced by an edge case
          int from = at;
          while (from < doc.length && (doc[from] < '0' || doc[from] > '9')) {
            from++;
          }
          int to = from;
          while (to < doc.length && (doc[to] >= '0' && doc[to] <= '9' || doc[to] == '.' || doc[to] == '-')) {
            to++;
          }
          byte[] number = EDGE_NUMBERS[r.nextInt(EDGE_NUMBERS.length)].getBytes(StandardCharsets.US_ASCII);
          doc = splice(doc, from, to, number);
        }
      }
    }
    return doc;
  }

  /** {@code doc} with bytes {@code from} to {@code to} replaced by {@code with}. */
  static byte[] splice(byte[] doc, int from, int to, byte[] with) {
    byte[] out = new byte[doc.length - (to - from) + with.length];
    System.arraycopy(doc, 0, out, 0, from);
    System.arraycopy(with, 0, out, from, with.length);
    System.arraycopy(doc, to, out, from + with.length, doc.length - to);
    return out;
  }
}
