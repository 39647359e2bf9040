package dev.brisk.jsonp;

import jakarta.json.JsonValue;
import java.util.Comparator;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Spliterator;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;
import java.util.stream.Collector;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The stream of {@link Parser#getArrayStream()} and {@link Parser#getValueStream()}: {@link
 * #iterator()}, {@link #forEach} and {@link #spliterator()} take the values straight from the
 * parser, with no stream pipeline between, so that a small array read once through its iterator
 * costs one object here; any other operation goes to an ordinary sequential stream over the same
 * values, made when it is first asked for, and behaves as that stream does. Like any stream it is
 * used once: a second operation that consumes it, or any after {@link #close()}, is an {@link
 * IllegalStateException}. Not thread-safe, as the parser is not.
 */
final class ElementStream implements Stream<JsonValue>, Iterator<JsonValue> {
  /** The {@code at} of the stream of top-level values, getValueStream()'s. */
  static final int TOP_LEVEL = -1;

  private final Parser parser;
  /** The depth the array's START_ARRAY left the parser at, or {@link #TOP_LEVEL}. */
  private final int at;
  /** The ordinary stream, once an operation other than the direct ones has been asked for. */
  private Stream<JsonValue> stream;
  /** Consumed by a direct operation, or closed. */
  private boolean used;
  /** As the iterator: the value read ahead by hasNext(), and whether the values have ended. */
  private JsonValue ahead;
  private boolean ended;

  ElementStream(Parser parser, int at) {
    this.parser = parser;
    this.at = at;
  }

  /**
   * The values, one at a time, from the parser: the next one, or null after the last (a JSON null
   * is {@link JsonValue#NULL}, never null).
   */
  private JsonValue nextValue() {
    return at == TOP_LEVEL ? parser.nextTopLevelValue() : parser.nextElement(at);
  }

  private void useDirectly() {
    if (used) {
      throw new IllegalStateException("stream has already been operated upon or closed");
    }
    used = true;
  }

  /** The ordinary stream over the values, made at the first operation that needs it. */
  private Stream<JsonValue> stream() {
    if (stream == null) {
      useDirectly();
      stream = StreamSupport.stream(new ValueSpliterator(), false);
    }
    return stream;
  }

  /** The values as a spliterator, which the ordinary stream runs on. */
  private final class ValueSpliterator implements Spliterator<JsonValue> {
    @Override
    public boolean tryAdvance(Consumer<? super JsonValue> action) {
      JsonValue v = nextValue();
      if (v == null) {
        return false;
      }
      action.accept(v);
      return true;
    }

    @Override
    public void forEachRemaining(Consumer<? super JsonValue> action) {
      for (JsonValue v; (v = nextValue()) != null; ) {
        action.accept(v);
      }
    }

    @Override
    public Spliterator<JsonValue> trySplit() {
      return null; // one parser reads in order
    }

    @Override
    public long estimateSize() {
      return Long.MAX_VALUE;
    }

    @Override
    public int characteristics() {
      return Spliterator.ORDERED | Spliterator.NONNULL;
    }
  }

  // The direct operations.

  @Override
  public Iterator<JsonValue> iterator() {
    if (stream != null) {
      return stream.iterator();
    }
    useDirectly();
    return this;
  }

  /** As the iterator that {@link #iterator()} returns: reads one value ahead. */
  @Override
  public boolean hasNext() {
    if (ahead == null && !ended) {
      ahead = nextValue();
      ended = ahead == null;
    }
    return ahead != null;
  }

  @Override
  public JsonValue next() {
    if (!hasNext()) {
      throw new NoSuchElementException("no more values");
    }
    JsonValue v = ahead;
    ahead = null;
    return v;
  }

  @Override
  public Spliterator<JsonValue> spliterator() {
    if (stream != null) {
      return stream.spliterator();
    }
    useDirectly();
    return new ValueSpliterator();
  }

  @Override
  public void forEach(Consumer<? super JsonValue> action) {
    if (stream != null) {
      stream.forEach(action);
      return;
    }
    java.util.Objects.requireNonNull(action, "action");
    useDirectly();
    for (JsonValue v; (v = nextValue()) != null; ) {
      action.accept(v);
    }
  }

  @Override
  public void forEachOrdered(Consumer<? super JsonValue> action) {
    forEach(action); // sequential: the same order
  }

  @Override
  public boolean isParallel() {
    return stream != null && stream.isParallel();
  }

  @Override
  public void close() {
    if (stream != null) {
      stream.close();
    } else {
      used = true; // no close actions can have been registered: onClose makes the stream
    }
  }

  // Everything else, on the ordinary stream.

  @Override
  public Stream<JsonValue> sequential() {
    return stream().sequential();
  }

  @Override
  public Stream<JsonValue> parallel() {
    return stream().parallel();
  }

  @Override
  public Stream<JsonValue> unordered() {
    return stream().unordered();
  }

  @Override
  public Stream<JsonValue> onClose(Runnable closeHandler) {
    return stream().onClose(closeHandler);
  }

  @Override
  public Stream<JsonValue> filter(Predicate<? super JsonValue> predicate) {
    return stream().filter(predicate);
  }

  @Override
  public <R> Stream<R> map(Function<? super JsonValue, ? extends R> mapper) {
    return stream().map(mapper);
  }

  @Override
  public IntStream mapToInt(ToIntFunction<? super JsonValue> mapper) {
    return stream().mapToInt(mapper);
  }

  @Override
  public LongStream mapToLong(ToLongFunction<? super JsonValue> mapper) {
    return stream().mapToLong(mapper);
  }

  @Override
  public DoubleStream mapToDouble(ToDoubleFunction<? super JsonValue> mapper) {
    return stream().mapToDouble(mapper);
  }

  @Override
  public <R> Stream<R> flatMap(Function<? super JsonValue, ? extends Stream<? extends R>> mapper) {
    return stream().flatMap(mapper);
  }

  @Override
  public IntStream flatMapToInt(Function<? super JsonValue, ? extends IntStream> mapper) {
    return stream().flatMapToInt(mapper);
  }

  @Override
  public LongStream flatMapToLong(Function<? super JsonValue, ? extends LongStream> mapper) {
    return stream().flatMapToLong(mapper);
  }

  @Override
  public DoubleStream flatMapToDouble(Function<? super JsonValue, ? extends DoubleStream> mapper) {
    return stream().flatMapToDouble(mapper);
  }

  @Override
  public Stream<JsonValue> distinct() {
    return stream().distinct();
  }

  @Override
  public Stream<JsonValue> sorted() {
    return stream().sorted();
  }

  @Override
  public Stream<JsonValue> sorted(Comparator<? super JsonValue> comparator) {
    return stream().sorted(comparator);
  }

  @Override
  public Stream<JsonValue> peek(Consumer<? super JsonValue> action) {
    return stream().peek(action);
  }

  @Override
  public Stream<JsonValue> limit(long maxSize) {
    return stream().limit(maxSize);
  }

  @Override
  public Stream<JsonValue> skip(long n) {
    return stream().skip(n);
  }

  @Override
  public Stream<JsonValue> takeWhile(Predicate<? super JsonValue> predicate) {
    return stream().takeWhile(predicate);
  }

  @Override
  public Stream<JsonValue> dropWhile(Predicate<? super JsonValue> predicate) {
    return stream().dropWhile(predicate);
  }

  @Override
  public Object[] toArray() {
    return stream().toArray();
  }

  @Override
  public <A> A[] toArray(IntFunction<A[]> generator) {
    return stream().toArray(generator);
  }

  @Override
  public JsonValue reduce(JsonValue identity, BinaryOperator<JsonValue> accumulator) {
    return stream().reduce(identity, accumulator);
  }

  @Override
  public Optional<JsonValue> reduce(BinaryOperator<JsonValue> accumulator) {
    return stream().reduce(accumulator);
  }

  @Override
  public <U> U reduce(U identity, BiFunction<U, ? super JsonValue, U> accumulator, BinaryOperator<U> combiner) {
    return stream().reduce(identity, accumulator, combiner);
  }

  @Override
  public <R> R collect(Supplier<R> supplier, BiConsumer<R, ? super JsonValue> accumulator, BiConsumer<R, R> combiner) {
    return stream().collect(supplier, accumulator, combiner);
  }

  @Override
  public <R, A> R collect(Collector<? super JsonValue, A, R> collector) {
    return stream().collect(collector);
  }

  @Override
  public Optional<JsonValue> min(Comparator<? super JsonValue> comparator) {
    return stream().min(comparator);
  }

  @Override
  public Optional<JsonValue> max(Comparator<? super JsonValue> comparator) {
    return stream().max(comparator);
  }

  @Override
  public long count() {
    return stream().count();
  }

  @Override
  public boolean anyMatch(Predicate<? super JsonValue> predicate) {
    return stream().anyMatch(predicate);
  }

  @Override
  public boolean allMatch(Predicate<? super JsonValue> predicate) {
    return stream().allMatch(predicate);
  }

  @Override
  public boolean noneMatch(Predicate<? super JsonValue> predicate) {
    return stream().noneMatch(predicate);
  }

  @Override
  public Optional<JsonValue> findFirst() {
    return stream().findFirst();
  }

  @Override
  public Optional<JsonValue> findAny() {
    return stream().findAny();
  }
}
