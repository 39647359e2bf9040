package dev.brisk.bench.users;

import java.util.List;
import java.util.Objects;

/**
 * One user of the seed-002 documents, as a plain class with public fields that every databind
 * library in the benchmark reads and writes without configuration.
 */
@io.avaje.jsonb.Json
@com.dslplatform.json.CompiledJson
public final class User {
  public String _id;
  public int index;
  public String guid;
  public boolean isActive;
  public String balance;
  public String picture;
  public int age;
  public String eyeColor;
  public String name;
  public String gender;
  public String company;
  public String email;
  public String phone;
  public String address;
  public String about;
  public String registered;
  public double latitude;
  public double longitude;
  public List<String> tags;
  public List<Friend> friends;
  public String greeting;
  public String favoriteFruit;

  /** Equal field by field; doubles by their bits, so a misread last digit is a difference. */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof User u)) {
      return false;
    }
    return Objects.equals(_id, u._id) && index == u.index && Objects.equals(guid, u.guid)
        && isActive == u.isActive && Objects.equals(balance, u.balance)
        && Objects.equals(picture, u.picture) && age == u.age && Objects.equals(eyeColor, u.eyeColor)
        && Objects.equals(name, u.name) && Objects.equals(gender, u.gender)
        && Objects.equals(company, u.company) && Objects.equals(email, u.email)
        && Objects.equals(phone, u.phone) && Objects.equals(address, u.address)
        && Objects.equals(about, u.about) && Objects.equals(registered, u.registered)
        && Double.doubleToLongBits(latitude) == Double.doubleToLongBits(u.latitude)
        && Double.doubleToLongBits(longitude) == Double.doubleToLongBits(u.longitude)
        && Objects.equals(tags, u.tags) && Objects.equals(friends, u.friends)
        && Objects.equals(greeting, u.greeting) && Objects.equals(favoriteFruit, u.favoriteFruit);
  }

  @Override
  public int hashCode() {
    return Objects.hash(_id, index, latitude, longitude);
  }

  @Override
  public String toString() {
    return "User[_id=" + _id + ", latitude=" + latitude + ", longitude=" + longitude + "]";
  }
}
