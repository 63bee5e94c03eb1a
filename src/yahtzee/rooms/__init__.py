"""好友房: rooms that several phones share, the one place the server keeps state.

A room is a value (``room.Room``) kept in a store (``sqlite_store`` on one machine, ``redis_store``
across replicas); ``service.RoomService`` is what the HTTP routes call, ``feed.Hub`` pushes each
change to the streams a process serves, ``presence`` tracks who is connected, and ``driver`` plays
the computer seats and the stand-ins on the server. ``docs/rooms.md`` describes the contract.
"""
