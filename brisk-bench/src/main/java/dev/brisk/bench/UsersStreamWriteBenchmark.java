package dev.brisk.bench;

import dev.brisk.bench.users.Users;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Write a users document from objects to an {@code OutputStream} (a socket or file, as a sink
 * has), for Brisk's build-time codec and the two peers whose stream writes are common: Jackson's
 * {@code ObjectMapper.writeValue(OutputStream, ...)} and fastjson2's {@code JSON.writeTo}. The
 * stream counts the bytes and keeps none, so what each library allocates is its own: run with
 * {@code -prof gc} for bytes per operation.
 *
 * <p>The setup checks that each library wrote the document exactly and prints which did not.
 *
 * <pre>
 * java -jar brisk-bench/target/benchmarks.jar UsersStreamWriteBenchmark -prof gc
 * </pre>
 */
public class UsersStreamWriteBenchmark extends BenchmarkDefaults {
  @Param({"1k", "100k"})
  public String size;

  Users users;
  final Peers peers = new Peers();
  /** Counts the bytes and keeps none (the org.json benchmark's stream). */
  final OrgJsonBatchBenchmark.Counting out = new OrgJsonBatchBenchmark.Counting();

  @Setup
  public void setUp() throws IOException {
    byte[] doc = dev.brisk.bench.Users.document(42, size.equals("1k") ? 1000 : 100_000);
    users = Exactness.expected(doc);
    List<String[]> r = new ArrayList<>();
    ByteArrayOutputStream kept = new ByteArrayOutputStream();
    peers.briskCodec.write(users, kept);
    r.add(new String[] {"briskCodec", Exactness.writeDifference(doc, kept.toByteArray())});
    kept.reset();
    peers.jackson.writeValue(kept, users);
    r.add(new String[] {"jackson", Exactness.writeDifference(doc, kept.toByteArray())});
    kept.reset();
    com.alibaba.fastjson2.JSON.writeTo(kept, users);
    r.add(new String[] {"fastjson2", Exactness.writeDifference(doc, kept.toByteArray())});
    Exactness.report("stream write " + size, r);
  }

  @Benchmark
  public long briskCodec() {
    peers.briskCodec.write(users, out);
    return out.count;
  }

  @Benchmark
  public long jackson() throws IOException {
    peers.jackson.writeValue(out, users);
    return out.count;
  }

  @Benchmark
  public long fastjson2() {
    com.alibaba.fastjson2.JSON.writeTo(out, users);
    return out.count;
  }
}
