package dev.brisk.bench;

import dev.brisk.bench.users.Users;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Read a users document into objects from an {@code InputStream} (a socket or file, as a client
 * has), for Brisk's build-time codec and the two peers whose stream reads are common: Jackson's
 * {@code ObjectMapper.readValue(InputStream, ...)} and fastjson2's {@code
 * JSON.parseObject(InputStream, Type)}. Each read gets a new {@code ByteArrayInputStream} over the
 * same bytes (the same 32 bytes for every library); run with {@code -prof gc} for bytes per
 * operation.
 *
 * <p>The setup checks that each library read the document exactly and prints which did not.
 *
 * <pre>
 * java -jar brisk-bench/target/benchmarks.jar UsersStreamReadBenchmark -prof gc
 * </pre>
 */
public class UsersStreamReadBenchmark extends BenchmarkDefaults {
  @Param({"1k", "100k"})
  public String size;

  byte[] bytes;
  final Peers peers = new Peers();

  @Setup
  public void setUp() throws IOException {
    bytes = dev.brisk.bench.Users.document(42, size.equals("1k") ? 1000 : 100_000);
    List<String[]> r = new ArrayList<>();
    r.add(new String[] {"briskCodec", Exactness.readDifference(bytes, briskCodec())});
    r.add(new String[] {"jackson", Exactness.readDifference(bytes, jackson())});
    r.add(new String[] {"fastjson2", Exactness.readDifference(bytes, fastjson2())});
    Exactness.report("stream read " + size, r);
  }

  @Benchmark
  public Users briskCodec() {
    return peers.briskCodec.read(new ByteArrayInputStream(bytes));
  }

  @Benchmark
  public Users jackson() throws IOException {
    return peers.jackson.readValue(new ByteArrayInputStream(bytes), Users.class);
  }

  @Benchmark
  public Users fastjson2() {
    return com.alibaba.fastjson2.JSON.parseObject(new ByteArrayInputStream(bytes), Users.class);
  }
}
