package dev.brisk.bench;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** The users documents every benchmark reads: the same bytes for every library. */
@State(Scope.Benchmark)
public class Inputs {
  /** Target size: "1k" (two users, as in the Esper benchmark) or "100k". */
  @Param({"1k", "100k"})
  public String size;

  public byte[] bytes;

  @Setup
  public void setUp() {
    bytes = Users.document(42, size.equals("1k") ? 1000 : 100_000);
  }
}
