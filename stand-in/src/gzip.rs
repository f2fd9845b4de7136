//! A minimal gzip writer for the `gzip:` test prefix: a real RFC 1952 member whose deflate stream
//! uses stored (uncompressed) blocks, so the stand-in needs no compression dependency. Any gzip
//! reader accepts it; the filter must refuse it whatever the compression ratio.

/// Wraps `data` in a gzip member (stored deflate blocks, CRC-32 and length trailer).
pub fn gzip_stored(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + 32);
    // Header: magic, CM=deflate, no flags, mtime 0, XFL 0, OS=unknown.
    out.extend_from_slice(&[0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
    let mut chunks = data.chunks(u16::MAX as usize).peekable();
    if chunks.peek().is_none() {
        // An empty input is one final, empty stored block.
        out.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    while let Some(chunk) = chunks.next() {
        let last = chunks.peek().is_none();
        out.push(u8::from(last)); // BFINAL bit, BTYPE=00 (stored)
        let len = chunk.len() as u16;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(chunk);
    }
    out.extend_from_slice(&crc32(data).to_le_bytes());
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out
}

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), bitwise: inputs here are small.
pub fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_check_values() {
        assert_eq!(crc32(b""), 0);
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(
            crc32(b"The quick brown fox jumps over the lazy dog"),
            0x414F_A339
        );
    }

    /// Reads back a stored-block member: proves the layout, not just the bytes we wrote.
    fn gunzip_stored(gz: &[u8]) -> Vec<u8> {
        assert_eq!(&gz[..3], &[0x1f, 0x8b, 8]);
        let mut pos = 10;
        let mut out = Vec::new();
        loop {
            let header = gz[pos];
            assert_eq!(header & 0b110, 0, "stored block");
            let len = u16::from_le_bytes([gz[pos + 1], gz[pos + 2]]);
            let nlen = u16::from_le_bytes([gz[pos + 3], gz[pos + 4]]);
            assert_eq!(len, !nlen);
            pos += 5;
            out.extend_from_slice(&gz[pos..pos + len as usize]);
            pos += len as usize;
            if header & 1 == 1 {
                break;
            }
        }
        let crc = u32::from_le_bytes(gz[pos..pos + 4].try_into().unwrap());
        let size = u32::from_le_bytes(gz[pos + 4..pos + 8].try_into().unwrap());
        assert_eq!(crc, crc32(&out));
        assert_eq!(size as usize, out.len());
        assert_eq!(pos + 8, gz.len());
        out
    }

    #[test]
    fn round_trips_across_block_boundaries() {
        for len in [0usize, 1, 100, 65_535, 65_536, 140_000] {
            let data: Vec<u8> = (0..len).map(|i| (i % 251) as u8).collect();
            assert_eq!(gunzip_stored(&gzip_stored(&data)), data, "len {len}");
        }
    }

    #[test]
    fn gzip_tool_reads_it() {
        // Cross-check with the system gzip when present (it is on every CI image we use).
        let Ok(mut child) = std::process::Command::new("gzip")
            .arg("-dc")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
        else {
            return;
        };
        let data = br#"{"session_id":"s","response":"hello"}"#;
        {
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(&gzip_stored(data))
                .unwrap();
        }
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success());
        assert_eq!(out.stdout, data);
    }
}
