package dev.brisk.bench;

import com.dslplatform.json.JsonWriter;
import dev.brisk.bench.users.Users;
import dev.brisk.schema.JsonRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Write a users document from objects to UTF-8 bytes (a fresh {@code byte[]} per call, as a
 * caller sending it somewhere needs), for the libraries of {@link UsersReadBenchmark} that write.
 * Esper is left out: it has no serializer for its JSON events beyond {@code toString()}.
 *
 * <p>The setup checks that each library wrote the document exactly and prints which did not.
 *
 * <pre>
 * mvn -q -B -DskipTests package &amp;&amp; java -jar brisk-bench/target/benchmarks.jar UsersWriteBenchmark
 * </pre>
 */
public class UsersWriteBenchmark extends BenchmarkDefaults {
  @Param({"1k", "100k"})
  public String size;

  Users users;
  JsonRecord record;
  final Peers peers = new Peers();
  final JsonWriter dslWriterExact = peers.dslJsonExact.newWriter();
  final JsonWriter dslWriter = peers.dslJson.newWriter();

  @Setup
  public void setUp() throws IOException {
    byte[] doc = dev.brisk.bench.Users.document(42, size.equals("1k") ? 1000 : 100_000);
    users = Exactness.expected(doc);
    record = peers.briskSchema.read(doc);
    List<String[]> r = new ArrayList<>();
    r.add(new String[] {"briskCodec", Exactness.writeDifference(doc, briskCodec())});
    r.add(new String[] {"briskSchema", Exactness.writeDifference(doc, briskSchema())});
    r.add(new String[] {"jackson", Exactness.writeDifference(doc, jackson())});
    r.add(new String[] {"afterburner", Exactness.writeDifference(doc, afterburner())});
    r.add(new String[] {"blackbird", Exactness.writeDifference(doc, blackbird())});
    r.add(new String[] {"gson", Exactness.writeDifference(doc, gson())});
    r.add(new String[] {"dslJsonExact", Exactness.writeDifference(doc, dslJsonExact())});
    r.add(new String[] {"dslJson", Exactness.writeDifference(doc, dslJson())});
    r.add(new String[] {"fastjson2", Exactness.writeDifference(doc, fastjson2())});
    r.add(new String[] {"wast", Exactness.writeDifference(doc, wast())});
    r.add(new String[] {"avajeJsonb", Exactness.writeDifference(doc, avajeJsonb())});
    Exactness.report("write " + size, r);
  }

  @Benchmark
  public byte[] briskCodec() {
    return peers.briskCodec.write(users);
  }

  @Benchmark
  public byte[] briskSchema() {
    return peers.briskSchema.write(record);
  }

  @Benchmark
  public byte[] jackson() throws IOException {
    return peers.jackson.writeValueAsBytes(users);
  }

  @Benchmark
  public byte[] afterburner() throws IOException {
    return peers.afterburner.writeValueAsBytes(users);
  }

  @Benchmark
  public byte[] blackbird() throws IOException {
    return peers.blackbird.writeValueAsBytes(users);
  }

  @Benchmark
  public byte[] gson() {
    return peers.gson.toJson(users).getBytes(StandardCharsets.UTF_8);
  }

  @Benchmark
  public byte[] dslJsonExact() throws IOException {
    dslWriterExact.reset();
    peers.dslJsonExact.serialize(dslWriterExact, users);
    return dslWriterExact.toByteArray();
  }

  @Benchmark
  public byte[] dslJson() throws IOException {
    dslWriter.reset();
    peers.dslJson.serialize(dslWriter, users);
    return dslWriter.toByteArray();
  }

  @Benchmark
  public byte[] fastjson2() {
    return com.alibaba.fastjson2.JSON.toJSONBytes(users);
  }

  @Benchmark
  public byte[] wast() {
    return io.github.wycst.wast.json.JSON.toJsonBytes(users);
  }

  @Benchmark
  public byte[] avajeJsonb() {
    return peers.avaje.toJsonBytes(users);
  }
}
