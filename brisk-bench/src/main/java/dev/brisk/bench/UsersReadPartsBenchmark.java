package dev.brisk.bench;

import dev.brisk.bench.users.Friend;
import dev.brisk.bench.users.User;
import dev.brisk.bench.users.Users;
import dev.brisk.json.Json;
import dev.brisk.json.JsonReader;
import dev.brisk.json.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The parts of reading a users document into objects, beside the whole read, to tell how much
 * faster than Esper's parser any exact reader of these documents could be (issue 3 asks ten
 * times). The same bytes as {@link UsersReadBenchmark}, whose setup runs first (its checks of
 * every library included):
 *
 * <ul>
 *   <li>{@code build}: the objects alone. The {@code Users}, {@code User}s, {@code Friend}s and
 *       lists, every string made from its bytes in the document by the constructor Brisk's reader
 *       uses for a plain ASCII string (a copy of the bytes), every number and boolean taken from
 *       arrays filled in setup: what any reader must pay, with nothing parsed or checked.
 *   <li>{@code walk}: Brisk's reader going over every token of the document (strings, names and
 *       numbers checked as strictly as a read checks them) with no value made.
 *   <li>{@code briskCodec}: the build-time codec's read, as in {@code UsersReadBenchmark}.
 *   <li>{@code esper}: Esper's compiled parser, as in {@code UsersReadBenchmark} (given the
 *       document decoded to a String in setup).
 * </ul>
 *
 * <p>The setup checks that {@code build} makes objects equal to the codec's.
 *
 * <pre>
 * java -jar brisk-bench/target/benchmarks.jar UsersReadPartsBenchmark -prof gc
 * </pre>
 */
public class UsersReadPartsBenchmark extends BenchmarkDefaults {
  /** Target size: "1k" (two users, as in the Esper benchmark) or "100k". */
  @Param({"1k", "100k"})
  public String size;

  /** The whole read's benchmark, whose setup makes the document and checks every library. */
  final UsersReadBenchmark whole = new UsersReadBenchmark();

  byte[] bytes;

  /** Each string value's content (the bytes between its quotes), in document order. */
  int[] stringAt;
  int[] stringLength;
  /** Each user's index and age, latitude and longitude, and isActive, in document order. */
  int[] ints;
  double[] doubles;
  boolean[] booleans;
  /** Each user's number of tags and of friends. */
  int[] tagCounts;
  int[] friendCounts;

  @Setup
  public void setUp() throws IOException {
    whole.size = size;
    whole.setUp();
    bytes = whole.bytes;
    Users read = briskCodec();
    int n = read.users.size();
    List<String> strings = new ArrayList<>();
    ints = new int[2 * n];
    doubles = new double[2 * n];
    booleans = new boolean[n];
    tagCounts = new int[n];
    friendCounts = new int[n];
    for (int i = 0; i < n; i++) {
      User u = read.users.get(i);
      strings.addAll(List.of(u._id, u.guid, u.balance, u.picture, u.eyeColor, u.name, u.gender,
          u.company, u.email, u.phone, u.address, u.about, u.registered));
      strings.addAll(u.tags);
      for (Friend f : u.friends) {
        strings.add(f.id);
        strings.add(f.name);
      }
      strings.add(u.greeting);
      strings.add(u.favoriteFruit);
      ints[2 * i] = u.index;
      ints[2 * i + 1] = u.age;
      doubles[2 * i] = u.latitude;
      doubles[2 * i + 1] = u.longitude;
      booleans[i] = u.isActive;
      tagCounts[i] = u.tags.size();
      friendCounts[i] = u.friends.size();
    }
    locate(strings);
    if (!read.equals(build())) {
      throw new IllegalStateException("build() made other objects than the codec read");
    }
    if (walk() <= 0) {
      throw new IllegalStateException("walk() found no tokens");
    }
  }

  /**
   * Finds each string value's bytes in the document, in order: the next quoted occurrence after
   * the last one that is not a member name (not followed by a colon).
   */
  private void locate(List<String> strings) {
    stringAt = new int[strings.size()];
    stringLength = new int[strings.size()];
    int from = 0;
    for (int i = 0; i < strings.size(); i++) {
      byte[] quoted = ('"' + strings.get(i) + '"').getBytes(StandardCharsets.UTF_8);
      int at = indexOf(quoted, from);
      while (at >= 0 && at + quoted.length < bytes.length && bytes[at + quoted.length] == ':') {
        at = indexOf(quoted, at + 1);
      }
      if (at < 0) {
        throw new IllegalStateException("string " + i + " not found as written: " + strings.get(i));
      }
      stringAt[i] = at + 1;
      stringLength[i] = quoted.length - 2;
      from = at + quoted.length;
    }
  }

  private int indexOf(byte[] what, int from) {
    outer:
    for (int i = from; i + what.length <= bytes.length; i++) {
      for (int j = 0; j < what.length; j++) {
        if (bytes[i + j] != what[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  @SuppressWarnings("deprecation") // the constructor JsonReader uses for a plain ASCII string
  private String string(int i) {
    return new String(bytes, 0, stringAt[i], stringLength[i]);
  }

  @Benchmark
  public Users build() {
    int s = 0;
    int n = booleans.length;
    List<User> users = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      User u = new User();
      u._id = string(s++);
      u.index = ints[2 * i];
      u.guid = string(s++);
      u.isActive = booleans[i];
      u.balance = string(s++);
      u.picture = string(s++);
      u.age = ints[2 * i + 1];
      u.eyeColor = string(s++);
      u.name = string(s++);
      u.gender = string(s++);
      u.company = string(s++);
      u.email = string(s++);
      u.phone = string(s++);
      u.address = string(s++);
      u.about = string(s++);
      u.registered = string(s++);
      u.latitude = doubles[2 * i];
      u.longitude = doubles[2 * i + 1];
      List<String> tags = new ArrayList<>();
      for (int t = tagCounts[i]; t > 0; t--) {
        tags.add(string(s++));
      }
      u.tags = tags;
      List<Friend> friends = new ArrayList<>();
      for (int f = friendCounts[i]; f > 0; f--) {
        Friend friend = new Friend();
        friend.id = string(s++);
        friend.name = string(s++);
        friends.add(friend);
      }
      u.friends = friends;
      u.greeting = string(s++);
      u.favoriteFruit = string(s++);
      users.add(u);
    }
    Users all = new Users();
    all.users = users;
    return all;
  }

  @Benchmark
  public int walk() {
    JsonReader r = Json.DEFAULT.keptReader(bytes, 0, bytes.length);
    int tokens = 0;
    while (r.next() != JsonToken.END_DOCUMENT) {
      tokens++;
    }
    r.keep();
    return tokens;
  }

  @Benchmark
  public Users briskCodec() {
    return whole.briskCodec();
  }

  @Benchmark
  public Object esper() {
    return whole.esper();
  }
}
