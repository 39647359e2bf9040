package dev.brisk.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.schema.Codec;
import dev.brisk.schema.Codecs;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The same-JVM A/B runs each build with classes of its own and does the same work as the code it
 * measures. Nothing here is timed: the figures of a run are only checked to be figures.
 */
class SameJvmABTest {
  static final String CLASS_PATH = System.getProperty("java.class.path");

  @Test
  void eachSideHasClassesOfItsOwn() throws Exception {
    ClassLoader a = SameJvmAB.loader(CLASS_PATH);
    ClassLoader b = SameJvmAB.loader(CLASS_PATH);
    Class<?> jsonA = a.loadClass("dev.brisk.json.JsonReader");
    Class<?> jsonB = b.loadClass("dev.brisk.json.JsonReader");
    assertNotSame(jsonA, jsonB);
    assertNotSame(dev.brisk.json.JsonReader.class, jsonA);
  }

  @Test
  void theWorkIsTheCodecsAndOrgJsons() throws Throwable {
    byte[] doc = Users.document(42, 1000);
    Codec<dev.brisk.bench.users.Users> codec = Codecs.get(dev.brisk.bench.users.Users.class);
    byte[] written = codec.write(codec.read(doc));
    assertArrayEquals(written, (byte[]) SameJvmAB.op(CLASS_PATH, "users-write", 1000).run());
    Object read = SameJvmAB.op(CLASS_PATH, "users-read", 1000).run();
    assertEquals("dev.brisk.bench.users.Users", read.getClass().getName());
    assertNotSame(dev.brisk.bench.users.Users.class, read.getClass());
    assertEquals(MixpanelMessages.batch(7, 10).toString(),
        new org.json.JSONArray(new String((byte[]) SameJvmAB.op(CLASS_PATH, "orgjson", 10).run(), StandardCharsets.UTF_8))
            .toString());
  }

  @Test
  void theSeedParseCountsTheStringsItRead() throws Throwable {
    assertEquals(2L, SameJvmAB.op(CLASS_PATH, "jsonp-seed", 0).run()); // "a" and "b"
  }

  @Test
  void aValueWriteReturnsTheBytesItWrote() throws Throwable {
    ValueWriteBenchmark b = new ValueWriteBenchmark();
    b.kind = "long";
    b.setUp();
    assertEquals(b.brisk(), (long) SameJvmAB.op(CLASS_PATH, "value-write-long", 0).run());
  }

  @Test
  void aValueReadSumsWhatItRead() throws Throwable {
    // The string kinds sum the strings' lengths, as ValueReadBenchmark's own check does.
    ValueReadBenchmark b = new ValueReadBenchmark();
    b.kind = "longAscii";
    b.setUp();
    assertEquals(b.expected, (double) SameJvmAB.op(CLASS_PATH, "value-read-longAscii", 0).run());
    assertTrue(b.expected > 100_000, "1000 strings of over 100 characters");
  }

  @Test
  void aBenchWorkIsTheBenchmarkMethodSetUpWithItsParameters() throws Throwable {
    // No property: the first @Param value (one message); with bench.messages, that many.
    byte[] one = (byte[]) SameJvmAB.op(CLASS_PATH, "bench:OrgJsonBatchBenchmark.brisk", 0).run();
    assertEquals(MixpanelMessages.batch(7, 1).toString(),
        new org.json.JSONArray(new String(one, StandardCharsets.UTF_8)).toString());
    System.setProperty("bench.messages", "10");
    try {
      byte[] ten = (byte[]) SameJvmAB.op(CLASS_PATH, "bench:OrgJsonBatchBenchmark.orgJson", 0).run();
      assertEquals(MixpanelMessages.batch(7, 10).toString(), new String(ten, StandardCharsets.UTF_8));
    } finally {
      System.clearProperty("bench.messages");
    }
  }

  @Test
  void aBenchWorkFindsItsLibrariesThroughItsOwnLoader() throws Throwable {
    // UsersReadBenchmark's peers include avaje-jsonb, which finds its generated adapters with the
    // ServiceLoader of the thread's context loader: that must be the work's own.
    System.setProperty("bench.size", "1k");
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    try {
      SameJvmAB.Bound op = SameJvmAB.op(CLASS_PATH, "bench:UsersReadBenchmark.avajeJsonb", 0);
      Object read = op.run();
      assertSame(context, Thread.currentThread().getContextClassLoader(), "the caller's context loader again");
      assertEquals("dev.brisk.bench.users.Users", read.getClass().getName());
      assertNotSame(dev.brisk.bench.users.Users.class, read.getClass());
      // The op carries its classes' loader, which a slice makes the context loader while it runs.
      assertSame(read.getClass().getClassLoader(), op.loader);
      assertTrue(SameJvmAB.slice(op, 1_000_000L) > 0);
      assertSame(context, Thread.currentThread().getContextClassLoader(), "the caller's context loader after a slice");
    } finally {
      System.clearProperty("bench.size");
    }
  }

  @Test
  void aBenchWorkNeedsAClassAndAMethod() {
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> SameJvmAB.op(CLASS_PATH, "bench:UsersReadBenchmark", 0));
    assertTrue(e.getMessage().contains("CLASS.METHOD"), e.getMessage());
  }

  @Test
  void aRunGivesATimeForEverySliceAndTheRatios() throws Throwable {
    SameJvmAB.Bound a = SameJvmAB.op(CLASS_PATH, "users-write", 1000);
    SameJvmAB.Bound b = SameJvmAB.op(CLASS_PATH, "users-write", 1000);
    SameJvmAB.Result r = SameJvmAB.run(a, b, 3, 1_000_000L);
    assertEquals(3, r.speed().length);
    for (int i = 0; i < 3; i++) {
      assertTrue(r.a()[i] > 0 && r.b()[i] > 0 && Double.isFinite(r.a()[i]) && Double.isFinite(r.b()[i]));
      assertEquals(r.a()[i] / r.b()[i], r.speed()[i], 1e-12);
    }
    assertTrue(r.toString().contains("speed B/A"), r.toString());
  }
}
