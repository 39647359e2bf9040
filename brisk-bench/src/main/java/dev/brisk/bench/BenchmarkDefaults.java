package dev.brisk.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The run settings every Brisk benchmark shares (JMH inherits class annotations): throughput in
 * operations per second, 3 forks of 5 one-second warm-up and 5 two-second measured iterations.
 * The machines have 2 noisy cores; fewer forks give errors wider than the differences measured.
 *
 * <p>Each fork prints its JDK and how Brisk's writer takes strings in it (from their own arrays,
 * or copied: {@link dev.brisk.json.JsonWriter#stringsFromOwnArrays}), which differs by JDK and
 * by the fork's options, so that a run's output says which way its Brisk figures were taken.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(3)
public abstract class BenchmarkDefaults {
  @Setup(Level.Trial)
  public void printJvm() {
    System.out.println("\n[fork: Java " + Runtime.version() + ", Brisk's writer takes strings "
        + (dev.brisk.json.JsonWriter.stringsFromOwnArrays() ? "from their own arrays" : "as copies") + "]");
  }
}
