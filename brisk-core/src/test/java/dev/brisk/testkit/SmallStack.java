package dev.brisk.testkit;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs test code on a thread with a 256 KB stack, where recursion through tens of thousands of
 * levels overflows: code that passes here keeps a stack of its own. Shared with the other
 * modules' tests through the test jar.
 */
public final class SmallStack {
  private SmallStack() {}

  /** Runs {@code body} on a new thread with a small stack and rethrows what it threw. */
  public static void run(Runnable body) throws Throwable {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread t = new Thread(null, () -> {
      try {
        body.run();
      } catch (Throwable e) {
        failure.set(e);
      }
    }, "small-stack", 256 * 1024);
    t.start();
    t.join();
    if (failure.get() != null) {
      throw failure.get();
    }
  }
}
