package dev.brisk.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.management.ObjectName;

/**
 * One work of {@link SameJvmAB} in a loop, for counting the instructions it executes under
 * valgrind's callgrind ({@code scripts/ir.sh} runs it): an instruction count does not depend on
 * what else the host runs, where this machine's timings drift by half between hours. The count is
 * not a time (a cache miss or a vector copy is one instruction), so a difference it shows is
 * checked by timing it ({@code scripts/abn.sh}, JMH) before it is claimed.
 *
 * <p>Runs the work {@code WARM} times, so that the JIT has compiled it, then {@code N} times
 * between two calls of {@code Thread.sleep(1)}: callgrind started with {@code
 * --dump-before=JVM_Sleep} writes one file per stretch, and the second holds the {@code N} runs
 * alone (and what the JVM's other threads did meanwhile: a collection that the work's garbage
 * causes belongs to it; with {@code -Xbatch} a method is compiled while the thread that wants it
 * waits, so the JIT's work lands in the warm-up, where the work first runs). With the system property
 * {@code codelist} set to a file, writes the JIT's code list there at the end (the {@code
 * Compiler.codelist} diagnostic command: each compiled method's address range), which {@code
 * scripts/irmap.py} uses to name callgrind's anonymous addresses.
 *
 * <pre>
 * java -cp benchmarks.jar dev.brisk.bench.InstructionCount CLASSPATH WORK SIZE WARM N
 * </pre>
 */
public final class InstructionCount {
  private InstructionCount() {}

  public static void main(String[] args) throws Throwable {
    if (args.length != 5) {
      System.err.println("usage: InstructionCount CLASSPATH WORK SIZE WARM N; WORK: " + SameJvmAB.WORKS);
      System.exit(2);
    }
    SameJvmAB.Bound op = SameJvmAB.op(args[0], args[1], Integer.parseInt(args[2]));
    int warm = Integer.parseInt(args[3]);
    int n = Integer.parseInt(args[4]);
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    thread.setContextClassLoader(op.loader);
    try {
      for (int i = 0; i < warm; i++) {
        SameJvmAB.sink = op.run();
      }
      Thread.sleep(1); // callgrind's first mark
      for (int i = 0; i < n; i++) {
        SameJvmAB.sink = op.run();
      }
      Thread.sleep(1); // and its second
    } finally {
      thread.setContextClassLoader(before);
    }
    String codeList = System.getProperty("codelist");
    if (codeList != null) {
      Object list = ManagementFactory.getPlatformMBeanServer().invoke(
          new ObjectName("com.sun.management:type=DiagnosticCommand"), "compilerCodelist",
          new Object[] {null}, new String[] {String[].class.getName()});
      Files.writeString(Path.of(codeList), String.valueOf(list));
    }
    System.out.println(args[1] + " " + args[2] + ": " + warm + " runs, then " + n + " counted");
  }
}
