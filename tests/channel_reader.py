#!/usr/bin/python3
# tests/channel_reader.py KEYS STREAM [KEYS STREAM ...] - reads each stream
# that `brisk channel -save-stream STREAM -save-keys KEYS` wrote, with
# implementations independent of brisk, and checks every packet: each is
# an SSH_MSG_CHANNEL_DATA on channel 0 whose length field matches, and the
# last an SSH_MSG_CHANNEL_REQUEST "sha256@brisk" carrying the byte count
# and the digest of the data (SHA-256 of the SHA-256s of its 1 MiB pieces,
# the last maybe shorter), which are recomputed here.
#
# - CTR, CBC, 3DES, Blowfish, CAST5 and RC4 ciphers with every HMAC, ETM or
#   not, and none: paramiko's own Packetizer.read_message (its binary packet
#   parser, sequence numbers and MAC checks) with block engines from the
#   `cryptography` package (libcrypto); paramiko 2.12 lists only the
#   CTR, CBC and 3DES names itself, but its Packetizer takes any engine.
# - aes*-gcm@openssh.com: every packet recomputed here with libcrypto's
#   AES-GCM (`cryptography`'s AESGCM) as RFC 5647 as OpenSSH does it: the
#   4-byte length as AAD, the nonce's last 8 bytes a counter + 1 a packet.
# - chacha20-poly1305@openssh.com: every packet recomputed with libcrypto's
#   raw ChaCha20 and Poly1305, composed as OpenSSH's
#   PROTOCOL.chacha20poly1305 says.
# Prints "ok: N packets, M bytes (CIPHER, MAC)" or "FAIL: STREAM: reason"
# per stream (one process for all: paramiko takes a while to import);
# exit 0 when all are read, 1 if any fails, 77 when paramiko or
# cryptography is missing (the caller skips).
import hashlib
import struct
import sys
import warnings

warnings.filterwarnings("ignore")
try:
    import paramiko
    from paramiko.packet import Packetizer
    from cryptography.hazmat.backends import default_backend
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    from cryptography.hazmat.primitives.poly1305 import Poly1305
except ImportError as e:
    print("skip: %s" % e)
    sys.exit(77)

MSG_CHANNEL_DATA = 94
MSG_CHANNEL_REQUEST = 98
PIECE = 1 << 20


class PieceDigest:
    """brisk channel's data digest: SHA-256 over the pieces' SHA-256s."""

    def __init__(self):
        self.pieces = hashlib.sha256()
        self.piece = hashlib.sha256()
        self.n = 0

    def update(self, data):
        while data:
            k = min(PIECE - self.n, len(data))
            self.piece.update(data[:k])
            self.n += k
            data = data[k:]
            if self.n == PIECE:
                self.pieces.update(self.piece.digest())
                self.piece, self.n = hashlib.sha256(), 0

    def digest(self):
        if self.n:
            self.pieces.update(self.piece.digest())
            self.piece, self.n = hashlib.sha256(), 0
        return self.pieces.digest()


class Bad(Exception):
    pass


def die(msg):
    raise Bad(msg)


def read_keys(path):
    keys = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 2:
                keys[parts[0]] = parts[1]
            elif len(parts) == 1:
                keys[parts[0]] = ""
    return keys


def engine(cipher, key, iv):
    """A decryptor as OpenSSH keys the cipher, and its block size."""
    be = default_backend()
    if cipher.startswith("aes") and cipher.endswith("-ctr"):
        return Cipher(algorithms.AES(key), modes.CTR(iv), be).decryptor(), 16
    if cipher.startswith("aes") and cipher.endswith("-cbc"):
        return Cipher(algorithms.AES(key), modes.CBC(iv), be).decryptor(), 16
    if cipher == "3des-cbc":
        return Cipher(algorithms.TripleDES(key), modes.CBC(iv), be).decryptor(), 8
    if cipher == "blowfish-cbc":
        return Cipher(algorithms.Blowfish(key), modes.CBC(iv), be).decryptor(), 8
    if cipher == "cast128-cbc":
        return Cipher(algorithms.CAST5(key), modes.CBC(iv), be).decryptor(), 8
    if cipher.startswith("arcfour"):
        d = Cipher(algorithms.ARC4(key), None, be).decryptor()
        if cipher != "arcfour":
            d.update(bytes(1536))  # RFC 4345: drop the first 1536 bytes
        return d, 8
    if cipher == "none":
        return None, 8
    die("no engine for " + cipher)


MACS = {
    "hmac-sha1": (hashlib.sha1, 20),
    "hmac-sha1-96": (hashlib.sha1, 12),
    "hmac-sha2-256": (hashlib.sha256, 32),
    "hmac-sha2-512": (hashlib.sha512, 64),
    "hmac-md5": (hashlib.md5, 16),
    "hmac-md5-96": (hashlib.md5, 12),
}


class StreamSocket:
    """What Packetizer reads from: the saved stream."""

    def __init__(self, data):
        self.data = data
        self.pos = 0

    def recv(self, n):
        chunk = self.data[self.pos:self.pos + n]
        self.pos += len(chunk)
        return chunk

    def settimeout(self, t):
        pass


def payloads_paramiko(keys, stream):
    cipher, mac = keys["cipher"], keys["mac"]
    key, iv = bytes.fromhex(keys["enc_key"]), bytes.fromhex(keys["iv"])
    eng, bs = engine(cipher, key, iv)
    etm = mac.endswith("-etm@openssh.com")
    base = mac[:-len("-etm@openssh.com")] if etm else mac
    if mac == "none":
        md, size, mkey = None, 0, b""
    else:
        md, size = MACS[base]
        mkey = bytes.fromhex(keys["mac_key"])
    sock = StreamSocket(stream)
    p = Packetizer(sock)
    if eng is not None or md is not None:
        p.set_inbound_cipher(eng, bs, md, size, mkey, etm=etm)
    while sock.pos < len(stream):
        ptype, m = p.read_message()
        yield ptype, m.asbytes()


def payloads_gcm(keys, stream):
    key, nonce = bytes.fromhex(keys["enc_key"]), bytes.fromhex(keys["iv"])
    aead = AESGCM(key)
    fixed, counter = nonce[:4], int.from_bytes(nonce[4:12], "big")
    pos = 0
    while pos < len(stream):
        (length,) = struct.unpack(">I", stream[pos:pos + 4])
        if length % 16 != 0 or length < 16:
            die("packet length %d not a multiple of 16" % length)
        ct = stream[pos + 4:pos + 4 + length + 16]
        n = fixed + counter.to_bytes(8, "big")
        plain = aead.decrypt(n, ct, stream[pos:pos + 4])
        pad = plain[0]
        if pad < 4:
            die("padding length %d" % pad)
        payload = plain[1:length - pad]
        yield payload[0], payload[1:]
        counter = (counter + 1) % (1 << 64)
        pos += 4 + length + 16


def read_one(keys_path, stream_path):
    keys = read_keys(keys_path)
    with open(stream_path, "rb") as f:
        stream = f.read()
    if keys["cipher"].startswith("aes") and keys["cipher"].endswith("-gcm@openssh.com"):
        gen = payloads_gcm(keys, stream)
    elif keys["cipher"] == "chacha20-poly1305@openssh.com":
        gen = payloads_chacha(keys, stream)
    else:
        gen = payloads_paramiko(keys, stream)
    sha = PieceDigest()
    total = packets = 0
    done = False
    for ptype, body in gen:
        packets += 1
        if done:
            die("packet %d after the final one" % packets)
        if ptype == MSG_CHANNEL_DATA:
            chan, dlen = struct.unpack(">II", body[:8])
            if chan != 0 or dlen != len(body) - 8:
                die("packet %d: malformed channel data" % packets)
            sha.update(body[8:])
            total += dlen
        elif ptype == MSG_CHANNEL_REQUEST:
            m = paramiko.Message(body)
            chan, name, want = m.get_int(), m.get_string(), m.get_boolean()
            count, digest = m.get_int64(), m.get_string()
            if chan != 0 or name != b"sha256@brisk" or want:
                die("packet %d: unexpected request %r" % (packets, name))
            mine = sha.digest()
            if count != total or digest != mine:
                die("final packet: %d bytes and digest %s, computed %d and %s"
                    % (count, digest.hex(), total, mine.hex()))
            done = True
        else:
            die("packet %d: message type %d" % (packets, ptype))
    if not done:
        die("no final packet")
    print("ok: %d packets, %d bytes (%s, %s)" % (packets, total, keys["cipher"], keys["mac"]))


def chacha(key, seq, counter, data):
    """ChaCha20 in the 64/64 layout: libcrypto's 16-byte IV is the 64-bit
    little-endian block counter, then the 64-bit nonce (the sequence
    number, big-endian, as OpenSSH puts it)."""
    iv = counter.to_bytes(8, "little") + seq.to_bytes(8, "big")
    return Cipher(algorithms.ChaCha20(key, iv), None, default_backend()).encryptor().update(data)


def payloads_chacha(keys, stream):
    key = bytes.fromhex(keys["enc_key"])
    k2, k1 = key[:32], key[32:]
    pos = seq = 0
    while pos < len(stream):
        (length,) = struct.unpack(">I", chacha(k1, seq, 0, stream[pos:pos + 4]))
        if length % 8 != 0 or length < 8 or length > 256 * 1024:
            die("packet %d: length %d" % (seq + 1, length))
        body = stream[pos:pos + 4 + length]
        tag = stream[pos + 4 + length:pos + 4 + length + 16]
        Poly1305.verify_tag(chacha(k2, seq, 0, bytes(32)), body, tag)
        plain = chacha(k2, seq, 1, body[4:])
        pad = plain[0]
        if pad < 4:
            die("padding length %d" % pad)
        payload = plain[1:length - pad]
        yield payload[0], payload[1:]
        seq += 1
        pos += 4 + length + 16


def main():
    args = sys.argv[1:]
    if len(args) == 0 or len(args) % 2 != 0:
        print("usage: channel_reader.py KEYS STREAM [KEYS STREAM ...]")
        return 2
    failed = 0
    for i in range(0, len(args), 2):
        try:
            read_one(args[i], args[i + 1])
        except Bad as e:
            print("FAIL: %s: %s" % (args[i + 1], e))
            failed = 1
        except Exception as e:  # a MAC or tag failure, a short stream
            print("FAIL: %s: %s: %s" % (args[i + 1], type(e).__name__, e))
            failed = 1
    return failed


sys.exit(main())
