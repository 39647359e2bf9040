package dev.brisk.sink;

import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * How {@link Sink#close} knows that no producer is still handing an event over: every producer
 * {@link #enter}s before it touches the queue and {@link #exit}s after, and {@link #closeAndAwait}
 * shuts the gate and waits until everyone who got in is out. After it returns, the queue holds
 * every event any producer was told was accepted, and no producer will add one.
 *
 * <p>Two monotone counters (striped {@link LongAdder}s, so that producers do not share a cache
 * line) rather than one in-flight count: a sum of a LongAdder is not atomic, but for counters that
 * only grow, reading {@code exited} completely before {@code entered} gives {@code exited <= x <=
 * entered}-style bounds that make "equal" mean "nobody inside" (see {@link #closeAndAwait}). One
 * counter going up and down could read a producer's exit without its entry.
 *
 * <p>Tested under the JMM by jcstress in brisk-sink-stress ({@code ProducerGateStress}).
 * Thread-safe; {@code closeAndAwait} is for one closing thread at a time.
 */
final class ProducerGate {
  private final LongAdder entered = new LongAdder();
  private final LongAdder exited = new LongAdder();
  private volatile boolean closed;

  /**
   * Called by a producer before it hands over; it must call {@link #exit()} afterwards whatever
   * this returns.
   *
   * @return false when the gate is closed: the producer must not hand over
   */
  boolean enter() {
    entered.increment(); // a CAS: the read of `closed` below cannot move above it (StoreLoad)
    return !closed;
  }

  /** Called by a producer when its hand-over is done (or refused). */
  void exit() {
    exited.increment();
  }

  /** How many producers have exited: the sink counts accepted events as exits minus refusals. */
  long exits() {
    return exited.sum();
  }

  boolean isClosed() {
    return closed;
  }

  /** Shuts the gate without waiting: for a writer thread that stopped. */
  void shut() {
    closed = true;
  }

  /**
   * Shuts the gate, then returns once every producer that entered while it was open has exited.
   *
   * <p>Why equal sums mean nobody is inside: a producer that saw the gate open incremented {@code
   * entered} before {@code closed} was set, so before the sums are read. Reading {@code exited}
   * first (value x, at most its value when that read ends, time t) and {@code entered} after
   * (value n, at least its value at t): x == n means exited(t) >= entered(t); as no one exits
   * before entering, they are equal at t: nobody was inside at t, and anyone entering later sees
   * the gate shut.
   */
  void closeAndAwait() {
    closed = true; // volatile store; the sums below are read after it (StoreLoad)
    while (exited.sum() != entered.sum()) {
      Thread.onSpinWait();
      LockSupport.parkNanos(10_000);
    }
  }
}
