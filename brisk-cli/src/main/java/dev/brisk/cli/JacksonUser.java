package dev.brisk.cli;

import java.util.List;

/**
 * The demo's users as Jackson databind reads them, for the same-process comparison: the fields of
 * {@code samples/users.schema}, as a record (Jackson 2.12+ binds records through their canonical
 * constructor).
 */
record JacksonUser(
    String _id,
    int index,
    String guid,
    String isActive,
    String balance,
    String picture,
    int age,
    String eyeColor,
    String name,
    String gender,
    String company,
    String email,
    String phone,
    String address,
    String about,
    String registered,
    double latitude,
    double longitude,
    List<String> tags,
    List<Friend> friends,
    String greeting,
    String favoriteFruit) {

  record Friend(String id, String name) {}
}
