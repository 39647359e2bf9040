package dev.brisk.bench;

import com.espertech.esper.common.client.json.util.EventSenderJson;
import dev.brisk.bench.users.Users;
import dev.brisk.schema.JsonRecord;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Read a users document (UTF-8 bytes) into objects, for every databind library: Brisk's build-time
 * codec ({@code @JsonCodec}), Brisk's run-time codec (the seed's schema text compiled by {@code
 * Schemas.compile}), Jackson plain, with Afterburner and with Blackbird, Gson, DSL-JSON with
 * exact doubles and with its default, fastjson2, wast, avaje-jsonb, and Esper's own compiled
 * parser ({@code EventSenderJson.parse}, which takes a String: it gets the document decoded
 * once in setup, so its figure excludes the UTF-8 decoding the others do).
 *
 * <p>The setup checks that each library read the document exactly and prints which did not.
 *
 * <pre>
 * mvn -q -B -DskipTests package &amp;&amp; java -jar brisk-bench/target/benchmarks.jar UsersReadBenchmark
 * </pre>
 */
public class UsersReadBenchmark extends BenchmarkDefaults {
  /** Target size: "1k" (two users, as in the Esper benchmark) or "100k". */
  @Param({"1k", "100k"})
  public String size;

  byte[] bytes;
  String text;
  final Peers peers = new Peers();
  EventSenderJson esper;

  @Setup
  public void setUp() throws IOException {
    bytes = dev.brisk.bench.Users.document(42, size.equals("1k") ? 1000 : 100_000);
    text = new String(bytes, StandardCharsets.UTF_8);
    esper = Peers.esper();
    List<String[]> r = new ArrayList<>();
    r.add(new String[] {"briskCodec", Exactness.readDifference(bytes, briskCodec())});
    r.add(new String[] {"briskSchema", Exactness.readDifference(bytes, briskSchema())});
    r.add(new String[] {"jackson", Exactness.readDifference(bytes, jackson())});
    r.add(new String[] {"afterburner", Exactness.readDifference(bytes, afterburner())});
    r.add(new String[] {"blackbird", Exactness.readDifference(bytes, blackbird())});
    r.add(new String[] {"gson", Exactness.readDifference(bytes, gson())});
    r.add(new String[] {"dslJsonExact", Exactness.readDifference(bytes, dslJsonExact())});
    r.add(new String[] {"dslJson", Exactness.readDifference(bytes, dslJson())});
    r.add(new String[] {"fastjson2", Exactness.readDifference(bytes, fastjson2())});
    r.add(new String[] {"wast", Exactness.readDifference(bytes, wast())});
    r.add(new String[] {"avajeJsonb", Exactness.readDifference(bytes, avajeJsonb())});
    r.add(new String[] {"esper", Exactness.readDifference(bytes, (Map<?, ?>) esper())});
    Exactness.report("read " + size, r);
    List<String[]> strict = new ArrayList<>();
    for (String[] library : r) {
      strict.add(new String[] {library[0], Strictness.verdict(bytes, doc -> readWith(library[0], doc))});
    }
    Strictness.report("read " + size, strict);
  }

  /**
   * What the benchmark method {@code library} reads from {@code doc}, fed as its benchmark feeds
   * it: Esper gets the bytes decoded to a String first and Gson reads them through an {@code
   * InputStreamReader}, so the JDK's decoder, not the library, turns bad UTF-8 into U+FFFD for
   * those two. Setup only: it swaps the benchmark's input.
   */
  Object readWith(String library, byte[] doc) throws Throwable {
    byte[] keptBytes = bytes;
    String keptText = text;
    bytes = doc;
    text = new String(doc, StandardCharsets.UTF_8);
    try {
      return getClass().getMethod(library).invoke(this);
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw e.getCause();
    } finally {
      bytes = keptBytes;
      text = keptText;
    }
  }

  @Benchmark
  public Users briskCodec() {
    return peers.briskCodec.read(bytes);
  }

  @Benchmark
  public JsonRecord briskSchema() {
    return peers.briskSchema.read(bytes);
  }

  @Benchmark
  public Users jackson() throws IOException {
    return peers.jackson.readValue(bytes, Users.class);
  }

  @Benchmark
  public Users afterburner() throws IOException {
    return peers.afterburner.readValue(bytes, Users.class);
  }

  @Benchmark
  public Users blackbird() throws IOException {
    return peers.blackbird.readValue(bytes, Users.class);
  }

  @Benchmark
  public Users gson() {
    return peers.gson.fromJson(new InputStreamReader(new ByteArrayInputStream(bytes), StandardCharsets.UTF_8), Users.class);
  }

  @Benchmark
  public Users dslJsonExact() throws IOException {
    return peers.dslJsonExact.deserialize(Users.class, bytes, bytes.length);
  }

  @Benchmark
  public Users dslJson() throws IOException {
    return peers.dslJson.deserialize(Users.class, bytes, bytes.length);
  }

  @Benchmark
  public Users fastjson2() {
    return com.alibaba.fastjson2.JSON.parseObject(bytes, Users.class);
  }

  @Benchmark
  public Users wast() {
    return io.github.wycst.wast.json.JSON.parseObject(bytes, Users.class);
  }

  @Benchmark
  public Users avajeJsonb() {
    return peers.avaje.fromJson(bytes);
  }

  @Benchmark
  public Object esper() {
    return esper.parse(text);
  }
}
