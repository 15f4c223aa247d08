"""The record file: its line types, safe reading and appending, strict decoding, upcasting, the hash chain, committed seeds."""
