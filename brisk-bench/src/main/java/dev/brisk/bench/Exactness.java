package dev.brisk.bench;

import dev.brisk.bench.users.Friend;
import dev.brisk.bench.users.User;
import dev.brisk.bench.users.Users;
import dev.brisk.json.Json;
import dev.brisk.json.JsonArray;
import dev.brisk.json.JsonObject;
import dev.brisk.json.JsonValue;
import dev.brisk.schema.JsonRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Checks, before a benchmark measures anything, that each library read and wrote the document
 * exactly, and says which did not and where: a library that misreads a double's last digit is
 * faster at a different job. The expected values come from the Brisk tree, independent of every
 * codec.
 */
final class Exactness {
  private Exactness() {}

  /** The document as the model, built from the core tree by hand. */
  static Users expected(byte[] doc) {
    Users users = new Users();
    users.users = new ArrayList<>();
    for (JsonValue v : Json.parse(doc).asObject().getArray("users").asList()) {
      JsonObject o = v.asObject();
      User u = new User();
      u._id = o.getString("_id");
      u.index = o.getNumber("index").intValue();
      u.guid = o.getString("guid");
      u.isActive = o.get("isActive").asBoolean();
      u.balance = o.getString("balance");
      u.picture = o.getString("picture");
      u.age = o.getNumber("age").intValue();
      u.eyeColor = o.getString("eyeColor");
      u.name = o.getString("name");
      u.gender = o.getString("gender");
      u.company = o.getString("company");
      u.email = o.getString("email");
      u.phone = o.getString("phone");
      u.address = o.getString("address");
      u.about = o.getString("about");
      u.registered = o.getString("registered");
      u.latitude = Double.parseDouble(o.getNumber("latitude").toString());
      u.longitude = Double.parseDouble(o.getNumber("longitude").toString());
      u.tags = new ArrayList<>();
      for (JsonValue t : o.getArray("tags").asList()) {
        u.tags.add(t.asString());
      }
      u.friends = new ArrayList<>();
      for (JsonValue f : o.getArray("friends").asList()) {
        Friend friend = new Friend();
        friend.id = f.asObject().getString("id");
        friend.name = f.asObject().getString("name");
        u.friends.add(friend);
      }
      u.greeting = o.getString("greeting");
      u.favoriteFruit = o.getString("favoriteFruit");
      users.users.add(u);
    }
    return users;
  }

  /** Null when {@code read} equals the document; otherwise the first difference. */
  static String readDifference(byte[] doc, Users read) {
    Users want = expected(doc);
    if (read == null || read.users == null || read.users.size() != want.users.size()) {
      return "read " + (read == null || read.users == null ? "nothing" : read.users.size() + " users")
          + ", expected " + want.users.size();
    }
    for (int i = 0; i < want.users.size(); i++) {
      User w = want.users.get(i);
      User r = read.users.get(i);
      if (Double.doubleToLongBits(w.latitude) != Double.doubleToLongBits(r.latitude)) {
        return "users[" + i + "].latitude " + w.latitude + " read as " + r.latitude;
      }
      if (Double.doubleToLongBits(w.longitude) != Double.doubleToLongBits(r.longitude)) {
        return "users[" + i + "].longitude " + w.longitude + " read as " + r.longitude;
      }
      if (!w.equals(r)) {
        return "users[" + i + "] differs: " + r;
      }
    }
    return null;
  }

  /** Null when the record equals the document (compared through its fields' values). */
  static String readDifference(byte[] doc, JsonRecord read) {
    Users want = expected(doc);
    Object[] users = (Object[]) read.get("users");
    if (users.length != want.users.size()) {
      return "read " + users.length + " users, expected " + want.users.size();
    }
    for (int i = 0; i < users.length; i++) {
      JsonRecord u = (JsonRecord) users[i];
      String d = doubles(i, want.users.get(i), u.getDouble("latitude"), u.getDouble("longitude"));
      if (d != null) {
        return d;
      }
      if (!u.getString("_id").equals(want.users.get(i)._id) || u.getInt("index") != want.users.get(i).index) {
        return "users[" + i + "] differs: " + u;
      }
    }
    return null;
  }

  /** Null when Esper's event (a Map of Maps) has the document's doubles. */
  static String readDifference(byte[] doc, Map<?, ?> read) {
    Users want = expected(doc);
    Object[] users = (Object[]) read.get("users");
    if (users == null || users.length != want.users.size()) {
      return "read " + (users == null ? "no" : users.length) + " users, expected " + want.users.size();
    }
    for (int i = 0; i < users.length; i++) {
      Map<?, ?> u = (Map<?, ?>) users[i];
      String d = doubles(i, want.users.get(i), (Double) u.get("latitude"), (Double) u.get("longitude"));
      if (d != null) {
        return d;
      }
      if (!want.users.get(i)._id.equals(u.get("_id"))) {
        return "users[" + i + "] differs: " + u;
      }
    }
    return null;
  }

  private static String doubles(int i, User want, double latitude, double longitude) {
    if (Double.doubleToLongBits(want.latitude) != Double.doubleToLongBits(latitude)) {
      return "users[" + i + "].latitude " + want.latitude + " read as " + latitude;
    }
    if (Double.doubleToLongBits(want.longitude) != Double.doubleToLongBits(longitude)) {
      return "users[" + i + "].longitude " + want.longitude + " read as " + longitude;
    }
    return null;
  }

  /** Null when {@code written} is the document (as a tree: numbers compared by value). */
  static String writeDifference(byte[] doc, byte[] written) {
    JsonValue want = Json.parse(doc);
    JsonValue got;
    try {
      got = Json.parse(written);
    } catch (RuntimeException e) {
      return "wrote invalid JSON: " + e.getMessage();
    }
    if (want.equals(got)) {
      return null;
    }
    JsonArray w = want.asObject().getArray("users");
    JsonArray g = got.asObject().getArray("users");
    for (int i = 0; i < Math.min(w.size(), g.size()); i++) {
      for (String name : w.get(i).asObject().names()) {
        JsonValue a = w.get(i).asObject().get(name);
        JsonValue b = g.get(i).asObject().get(name);
        if (!a.equals(b)) {
          return "users[" + i + "]." + name + " " + a + " written as " + b;
        }
      }
    }
    return "the written document differs";
  }

  /** Prints one line per library: exact, or the first difference. */
  static void report(String what, List<String[]> results) {
    StringBuilder b = new StringBuilder("\n[exactness: " + what + "]\n");
    for (String[] r : results) {
      b.append(String.format("  %-16s %s%n", r[0], r[1] == null ? "exact" : "NOT EXACT: " + r[1]));
    }
    System.out.print(b);
  }
}
