package dev.brisk.sink;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The sink's hand-off against its close, under the Java memory model: a producer offers to the
 * {@link HandOffQueue} the sink uses while the closing thread closes it and then drains it as the
 * writer does before its last batch ({@link HandOffQueue#pollClosed()} until it says null). An
 * event a producer was told was offered must be in that drain, and one it was told was refused
 * must not be anywhere.
 *
 * <pre>
 * mvn -q -B -DskipTests package -pl brisk-sink-stress -am &amp;&amp; java -jar brisk-sink-stress/target/jcstress.jar -t HandOffQueueStress
 * </pre>
 */
public class HandOffQueueStress {
  private static final Object EVENT = new Object();

  /** put(): 1 when the event was accepted, 0 when the queue was closed. */
  static int put(HandOffQueue<Object> queue) {
    int r = queue.offer(EVENT);
    if (r == HandOffQueue.FULL) {
      throw new AssertionError("the queue has room for every offer of these tests");
    }
    return r == HandOffQueue.OFFERED ? 1 : 0;
  }

  /** close(): close, then take everything with pollClosed, as the sink does; returns how many. */
  static int closeAndDrain(HandOffQueue<Object> queue) {
    queue.close();
    int n = 0;
    while (queue.pollClosed() != null) {
      n++;
    }
    return n;
  }

  /** One producer against the close. */
  @JCStressTest
  @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "offered before the close, and the drain took it")
  @Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "refused: the queue was closed first")
  @Outcome(id = "1, 0", expect = FORBIDDEN, desc = "offered, but the drain did not see it: the event is lost")
  @Outcome(id = "0, 1", expect = FORBIDDEN, desc = "refused, yet handed over")
  @State
  public static class OneProducer {
    final HandOffQueue<Object> queue = new HandOffQueue<>(4);

    @Actor
    public void producer(II_Result r) {
      r.r1 = put(queue);
    }

    @Actor
    public void closer(II_Result r) {
      r.r2 = closeAndDrain(queue);
    }
  }

  /**
   * A producer offering twice against the close; the arbiter looks for anything that reached the
   * queue after the drain, and checks the queue's own count of offers. (jcstress runs one thread
   * per actor on its own CPU, and the machines have two: hence one producer and the closer.)
   */
  @JCStressTest
  @Outcome(id = "2, 2, 0", expect = ACCEPTABLE, desc = "both offered before the close")
  @Outcome(id = "1, 1, 0", expect = ACCEPTABLE, desc = "the first offered, the second refused")
  @Outcome(id = "0, 0, 0", expect = ACCEPTABLE, desc = "both refused")
  @Outcome(expect = FORBIDDEN, desc = "an offered event missed by the drain, a refused one handed over, or a wrong count")
  @State
  public static class OfferTwice {
    final HandOffQueue<Object> queue = new HandOffQueue<>(4);
    int accepted;
    int drained;

    @Actor
    public void producer() {
      accepted = put(queue) + put(queue);
    }

    @Actor
    public void closer() {
      drained = closeAndDrain(queue);
    }

    @Arbiter
    public void arbiter(III_Result r) {
      r.r1 = accepted;
      r.r2 = drained;
      // anything in the queue arrived after the drain; a count of offers other than the
      // producer's is wrong too
      r.r3 = queue.size() + (queue.offered() == accepted ? 0 : 100);
    }
  }

  /**
   * A full queue of two: the producer's offers must say FULL, never lose an element, while the
   * consumer takes one and closes. Checks the cached producer limit against the consumer index.
   */
  @JCStressTest
  @Outcome(id = "1, 3, 0", expect = ACCEPTABLE, desc = "the third offer came after the poll: all three taken")
  @Outcome(id = "0, 2, 0", expect = ACCEPTABLE, desc = "the third offer found the queue full or closed")
  @Outcome(expect = FORBIDDEN, desc = "an offer into a full queue, or an element lost")
  @State
  public static class FullQueue {
    final HandOffQueue<Object> queue = new HandOffQueue<>(2);
    int third;
    int drained;

    public FullQueue() {
      queue.offer(EVENT);
      queue.offer(EVENT);
    }

    @Actor
    public void producer() {
      third = queue.offer(EVENT) == HandOffQueue.OFFERED ? 1 : 0;
    }

    @Actor
    public void consumer() {
      while (queue.poll() == null) {
        Thread.onSpinWait();
      }
      drained = 1 + closeAndDrain(queue);
    }

    @Arbiter
    public void arbiter(III_Result r) {
      r.r1 = third;
      r.r2 = drained;
      r.r3 = queue.size();
    }
  }
}
