//! Non-positional and historic numeral systems read as the values they write (a stretch rule under
//! [`super::super::Rules::other_numerals`]). This module owns the numerals that are not decimal
//! digits, not number words and not Roman letters: sign-value systems (Aegean, Attic and the Greek
//! acrophonic signs, Egyptian hieroglyphs, cuneiform numeric signs, Brahmi, archaic Sinhala,
//! Kharoshthi, Aramaic, Phoenician and Parthian numbers, Coptic epact, Rumi and Siyaq numbers,
//! Unicode Roman numeral characters mixed with any of these: `ↁ௱`), multiplicative-additive ones
//! (Tamil `௫௲௱`, Malayalam `൫൲൱`, Ethiopic `፶፩፻`, digits before their multiplier, `5௲1௱` too),
//! base-20 positional ones (Mayan `𝋬𝋯𝋠`, Kaktovik `𝋌𝋏𝋀`), and alphabetic numerals (Greek `͵ερʹ`,
//! Coptic letters under an overline, Hebrew `ה׳ק`, `ב׳תש״נ`, Church Slavonic `҂єр҃` and Glagolitic
//! under a titlo). [`read`] turns each run into its decimal value: the caller compares every
//! reading exactly against the targets and scans the text with each run replaced by its value, so
//! every rule (arithmetic, approximations) reads it as digits.
//!
//! False-positive controls: the sign-value, multiplicative and base-20 characters occur in no
//! ordinary ops text, so their runs are read without a cue (a run of positional decimal digits
//! alone is left to normalisation; Unicode Roman letters only in non-increasing order, since `Ⅽↁ`
//! is subtractive and read by the Roman reader). Greek, Coptic, Hebrew and Cyrillic numerals are
//! ordinary letters, so a run is read only with its numeral sign (Greek keraia `ʹ` or lower sign
//! `͵`, an overline, Hebrew geresh `׳` or gershayim `״` in a numeral's place, a Cyrillic or
//! Glagolitic titlo `҃` or thousands sign `҂`), only in the numeral's own order (hundreds, tens,
//! units; `απ'` and `צה״ל` rise and read as nothing) and not glued to other letters; an ASCII
//! apostrophe stands for a keraia only after two letters or more (`σ'` is an elision). Plain Greek
//! capitals as Attic numerals (`ΧΧΧΧΧΗ`) need three or more in non-increasing order, standing
//! alone. Every reading is compared exactly: no rounding, no candidate.
//!
//! Cost: an ASCII text pays one `is_ascii` test; other text a few `memchr` passes for the lead
//! bytes of these blocks and numeral signs (typographic quotes and dashes, emoji, ordinary
//! Cyrillic text pass them); only a text that holds one is read, each letter family only where
//! its letters are, in one pass per family, linear in its length. Measured on the 64 KB read of
//! `examples/v8_reads.rs`: +0.07 % instructions a read.

/// How a sign combines with its neighbours.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    /// Added; a multiplier after it multiplies it (units and tens: `௫` in `௫௲`, `፶፩` in `፶፩፻`).
    Digit,
    /// Added, never multiplied (`𐄦` 5000, `𓍢` 100).
    Sign,
    /// Multiplies the digits just before it, or counts once alone (`௲`, `፻`).
    Mult,
    /// Multiplies everything before it (Ethiopic `፼`).
    Myriad,
    /// A digit of a base-20 positional system (Mayan, Kaktovik).
    Base20,
    /// A Unicode Roman numeral character (additive only in non-increasing order).
    Roman,
}
use Kind::{Base20, Digit, Mult, Myriad, Roman, Sign};

/// Code point, value, kind; sorted by code point (generated from the Unicode numeric values
/// of these blocks; cuneiform numeric signs by their unit, since the Unicode value counts the
/// wedges (`FIVE GESH2` is 5 × 60); Egyptian numerals by their Gardiner names: Z015 1–9, V020
/// 10–90, V001 100–900, M012 1000–9000, D050 10000–90000, I008 10^5, C011 10^6).
#[rustfmt::skip]
const SIGNS: &[(u32, u64, Kind)] = &[
    (0xBE6, 0, Digit),
    (0xBE7, 1, Digit),
    (0xBE8, 2, Digit),
    (0xBE9, 3, Digit),
    (0xBEA, 4, Digit),
    (0xBEB, 5, Digit),
    (0xBEC, 6, Digit),
    (0xBED, 7, Digit),
    (0xBEE, 8, Digit),
    (0xBEF, 9, Digit),
    (0xBF0, 10, Mult),
    (0xBF1, 100, Mult),
    (0xBF2, 1000, Mult),
    (0xD66, 0, Digit),
    (0xD67, 1, Digit),
    (0xD68, 2, Digit),
    (0xD69, 3, Digit),
    (0xD6A, 4, Digit),
    (0xD6B, 5, Digit),
    (0xD6C, 6, Digit),
    (0xD6D, 7, Digit),
    (0xD6E, 8, Digit),
    (0xD6F, 9, Digit),
    (0xD70, 10, Mult),
    (0xD71, 100, Mult),
    (0xD72, 1000, Mult),
    (0x1369, 1, Digit),
    (0x136A, 2, Digit),
    (0x136B, 3, Digit),
    (0x136C, 4, Digit),
    (0x136D, 5, Digit),
    (0x136E, 6, Digit),
    (0x136F, 7, Digit),
    (0x1370, 8, Digit),
    (0x1371, 9, Digit),
    (0x1372, 10, Digit),
    (0x1373, 20, Digit),
    (0x1374, 30, Digit),
    (0x1375, 40, Digit),
    (0x1376, 50, Digit),
    (0x1377, 60, Digit),
    (0x1378, 70, Digit),
    (0x1379, 80, Digit),
    (0x137A, 90, Digit),
    (0x137B, 100, Mult),
    (0x137C, 10000, Myriad),
    (0x2160, 1, Roman),
    (0x2161, 2, Roman),
    (0x2162, 3, Roman),
    (0x2163, 4, Roman),
    (0x2164, 5, Roman),
    (0x2165, 6, Roman),
    (0x2166, 7, Roman),
    (0x2167, 8, Roman),
    (0x2168, 9, Roman),
    (0x2169, 10, Roman),
    (0x216A, 11, Roman),
    (0x216B, 12, Roman),
    (0x216C, 50, Roman),
    (0x216D, 100, Roman),
    (0x216E, 500, Roman),
    (0x216F, 1000, Roman),
    (0x2170, 1, Roman),
    (0x2171, 2, Roman),
    (0x2172, 3, Roman),
    (0x2173, 4, Roman),
    (0x2174, 5, Roman),
    (0x2175, 6, Roman),
    (0x2176, 7, Roman),
    (0x2177, 8, Roman),
    (0x2178, 9, Roman),
    (0x2179, 10, Roman),
    (0x217A, 11, Roman),
    (0x217B, 12, Roman),
    (0x217C, 50, Roman),
    (0x217D, 100, Roman),
    (0x217E, 500, Roman),
    (0x217F, 1000, Roman),
    (0x2180, 1000, Roman),
    (0x2181, 5000, Roman),
    (0x2182, 10000, Roman),
    (0x2185, 6, Roman),
    (0x2186, 50, Roman),
    (0x2187, 50000, Roman),
    (0x2188, 100000, Roman),
    (0x10107, 1, Digit),
    (0x10108, 2, Digit),
    (0x10109, 3, Digit),
    (0x1010A, 4, Digit),
    (0x1010B, 5, Digit),
    (0x1010C, 6, Digit),
    (0x1010D, 7, Digit),
    (0x1010E, 8, Digit),
    (0x1010F, 9, Digit),
    (0x10110, 10, Digit),
    (0x10111, 20, Digit),
    (0x10112, 30, Digit),
    (0x10113, 40, Digit),
    (0x10114, 50, Digit),
    (0x10115, 60, Digit),
    (0x10116, 70, Digit),
    (0x10117, 80, Digit),
    (0x10118, 90, Digit),
    (0x10119, 100, Sign),
    (0x1011A, 200, Sign),
    (0x1011B, 300, Sign),
    (0x1011C, 400, Sign),
    (0x1011D, 500, Sign),
    (0x1011E, 600, Sign),
    (0x1011F, 700, Sign),
    (0x10120, 800, Sign),
    (0x10121, 900, Sign),
    (0x10122, 1000, Sign),
    (0x10123, 2000, Sign),
    (0x10124, 3000, Sign),
    (0x10125, 4000, Sign),
    (0x10126, 5000, Sign),
    (0x10127, 6000, Sign),
    (0x10128, 7000, Sign),
    (0x10129, 8000, Sign),
    (0x1012A, 9000, Sign),
    (0x1012B, 10000, Sign),
    (0x1012C, 20000, Sign),
    (0x1012D, 30000, Sign),
    (0x1012E, 40000, Sign),
    (0x1012F, 50000, Sign),
    (0x10130, 60000, Sign),
    (0x10131, 70000, Sign),
    (0x10132, 80000, Sign),
    (0x10133, 90000, Sign),
    (0x10142, 1, Digit),
    (0x10143, 5, Digit),
    (0x10144, 50, Digit),
    (0x10145, 500, Sign),
    (0x10146, 5000, Sign),
    (0x10147, 50000, Sign),
    (0x10148, 5, Digit),
    (0x10149, 10, Digit),
    (0x1014A, 50, Digit),
    (0x1014B, 100, Sign),
    (0x1014C, 500, Sign),
    (0x1014D, 1000, Sign),
    (0x1014E, 5000, Sign),
    (0x1014F, 5, Digit),
    (0x10150, 10, Digit),
    (0x10151, 50, Digit),
    (0x10152, 100, Sign),
    (0x10153, 500, Sign),
    (0x10154, 1000, Sign),
    (0x10155, 10000, Sign),
    (0x10156, 50000, Sign),
    (0x10157, 10, Digit),
    (0x10158, 1, Digit),
    (0x10159, 1, Digit),
    (0x1015A, 1, Digit),
    (0x1015B, 2, Digit),
    (0x1015C, 2, Digit),
    (0x1015D, 2, Digit),
    (0x1015E, 2, Digit),
    (0x1015F, 5, Digit),
    (0x10160, 10, Digit),
    (0x10161, 10, Digit),
    (0x10162, 10, Digit),
    (0x10163, 10, Digit),
    (0x10164, 10, Digit),
    (0x10165, 30, Digit),
    (0x10166, 50, Digit),
    (0x10167, 50, Digit),
    (0x10168, 50, Digit),
    (0x10169, 50, Digit),
    (0x1016A, 100, Sign),
    (0x1016B, 300, Sign),
    (0x1016C, 500, Sign),
    (0x1016D, 500, Sign),
    (0x1016E, 500, Sign),
    (0x1016F, 500, Sign),
    (0x10170, 500, Sign),
    (0x10171, 1000, Sign),
    (0x10172, 5000, Sign),
    (0x10173, 5, Digit),
    (0x10174, 50, Digit),
    (0x1018A, 0, Digit),
    (0x102E1, 1, Digit),
    (0x102E2, 2, Digit),
    (0x102E3, 3, Digit),
    (0x102E4, 4, Digit),
    (0x102E5, 5, Digit),
    (0x102E6, 6, Digit),
    (0x102E7, 7, Digit),
    (0x102E8, 8, Digit),
    (0x102E9, 9, Digit),
    (0x102EA, 10, Digit),
    (0x102EB, 20, Digit),
    (0x102EC, 30, Digit),
    (0x102ED, 40, Digit),
    (0x102EE, 50, Digit),
    (0x102EF, 60, Digit),
    (0x102F0, 70, Digit),
    (0x102F1, 80, Digit),
    (0x102F2, 90, Digit),
    (0x102F3, 100, Sign),
    (0x102F4, 200, Sign),
    (0x102F5, 300, Sign),
    (0x102F6, 400, Sign),
    (0x102F7, 500, Sign),
    (0x102F8, 600, Sign),
    (0x102F9, 700, Sign),
    (0x102FA, 800, Sign),
    (0x102FB, 900, Sign),
    (0x10320, 1, Digit),
    (0x10321, 5, Digit),
    (0x10322, 10, Digit),
    (0x10323, 50, Digit),
    (0x10858, 1, Digit),
    (0x10859, 2, Digit),
    (0x1085A, 3, Digit),
    (0x1085B, 10, Digit),
    (0x1085C, 20, Digit),
    (0x1085D, 100, Sign),
    (0x1085E, 1000, Sign),
    (0x1085F, 10000, Sign),
    (0x10879, 1, Digit),
    (0x1087A, 2, Digit),
    (0x1087B, 3, Digit),
    (0x1087C, 4, Digit),
    (0x1087D, 5, Digit),
    (0x1087E, 10, Digit),
    (0x1087F, 20, Digit),
    (0x108A7, 1, Digit),
    (0x108A8, 2, Digit),
    (0x108A9, 3, Digit),
    (0x108AA, 4, Digit),
    (0x108AB, 4, Digit),
    (0x108AC, 5, Digit),
    (0x108AD, 10, Digit),
    (0x108AE, 20, Digit),
    (0x108AF, 100, Sign),
    (0x108FB, 1, Digit),
    (0x108FC, 5, Digit),
    (0x108FD, 10, Digit),
    (0x108FE, 20, Digit),
    (0x108FF, 100, Sign),
    (0x10916, 1, Digit),
    (0x10917, 10, Digit),
    (0x10918, 20, Digit),
    (0x10919, 100, Sign),
    (0x1091A, 2, Digit),
    (0x1091B, 3, Digit),
    (0x10A40, 1, Digit),
    (0x10A41, 2, Digit),
    (0x10A42, 3, Digit),
    (0x10A43, 4, Digit),
    (0x10A44, 10, Digit),
    (0x10A45, 20, Digit),
    (0x10A46, 100, Mult),
    (0x10A47, 1000, Mult),
    (0x10A7D, 1, Digit),
    (0x10A7E, 50, Digit),
    (0x10A9D, 1, Digit),
    (0x10A9E, 10, Digit),
    (0x10A9F, 20, Digit),
    (0x10B58, 1, Digit),
    (0x10B59, 2, Digit),
    (0x10B5A, 3, Digit),
    (0x10B5B, 4, Digit),
    (0x10B5C, 10, Digit),
    (0x10B5D, 20, Digit),
    (0x10B5E, 100, Sign),
    (0x10B5F, 1000, Sign),
    (0x10B78, 1, Digit),
    (0x10B79, 2, Digit),
    (0x10B7A, 3, Digit),
    (0x10B7B, 4, Digit),
    (0x10B7C, 10, Digit),
    (0x10B7D, 20, Digit),
    (0x10B7E, 100, Sign),
    (0x10B7F, 1000, Sign),
    (0x10BA9, 1, Digit),
    (0x10BAA, 2, Digit),
    (0x10BAB, 3, Digit),
    (0x10BAC, 4, Digit),
    (0x10BAD, 10, Digit),
    (0x10BAE, 20, Digit),
    (0x10BAF, 100, Sign),
    (0x10CFA, 1, Digit),
    (0x10CFB, 5, Digit),
    (0x10CFC, 10, Digit),
    (0x10CFD, 50, Digit),
    (0x10CFE, 100, Sign),
    (0x10CFF, 1000, Sign),
    (0x10E60, 1, Digit),
    (0x10E61, 2, Digit),
    (0x10E62, 3, Digit),
    (0x10E63, 4, Digit),
    (0x10E64, 5, Digit),
    (0x10E65, 6, Digit),
    (0x10E66, 7, Digit),
    (0x10E67, 8, Digit),
    (0x10E68, 9, Digit),
    (0x10E69, 10, Digit),
    (0x10E6A, 20, Digit),
    (0x10E6B, 30, Digit),
    (0x10E6C, 40, Digit),
    (0x10E6D, 50, Digit),
    (0x10E6E, 60, Digit),
    (0x10E6F, 70, Digit),
    (0x10E70, 80, Digit),
    (0x10E71, 90, Digit),
    (0x10E72, 100, Sign),
    (0x10E73, 200, Sign),
    (0x10E74, 300, Sign),
    (0x10E75, 400, Sign),
    (0x10E76, 500, Sign),
    (0x10E77, 600, Sign),
    (0x10E78, 700, Sign),
    (0x10E79, 800, Sign),
    (0x10E7A, 900, Sign),
    (0x11052, 1, Digit),
    (0x11053, 2, Digit),
    (0x11054, 3, Digit),
    (0x11055, 4, Digit),
    (0x11056, 5, Digit),
    (0x11057, 6, Digit),
    (0x11058, 7, Digit),
    (0x11059, 8, Digit),
    (0x1105A, 9, Digit),
    (0x1105B, 10, Digit),
    (0x1105C, 20, Digit),
    (0x1105D, 30, Digit),
    (0x1105E, 40, Digit),
    (0x1105F, 50, Digit),
    (0x11060, 60, Digit),
    (0x11061, 70, Digit),
    (0x11062, 80, Digit),
    (0x11063, 90, Digit),
    (0x11064, 100, Mult),
    (0x11065, 1000, Mult),
    (0x111E1, 1, Digit),
    (0x111E2, 2, Digit),
    (0x111E3, 3, Digit),
    (0x111E4, 4, Digit),
    (0x111E5, 5, Digit),
    (0x111E6, 6, Digit),
    (0x111E7, 7, Digit),
    (0x111E8, 8, Digit),
    (0x111E9, 9, Digit),
    (0x111EA, 10, Digit),
    (0x111EB, 20, Digit),
    (0x111EC, 30, Digit),
    (0x111ED, 40, Digit),
    (0x111EE, 50, Digit),
    (0x111EF, 60, Digit),
    (0x111F0, 70, Digit),
    (0x111F1, 80, Digit),
    (0x111F2, 90, Digit),
    (0x111F3, 100, Mult),
    (0x111F4, 1000, Mult),
    (0x12400, 2, Digit),
    (0x12401, 3, Digit),
    (0x12402, 4, Digit),
    (0x12403, 5, Digit),
    (0x12404, 6, Digit),
    (0x12405, 7, Digit),
    (0x12406, 8, Digit),
    (0x12407, 9, Digit),
    (0x12408, 3, Digit),
    (0x12409, 4, Digit),
    (0x1240A, 5, Digit),
    (0x1240B, 6, Digit),
    (0x1240C, 7, Digit),
    (0x1240D, 8, Digit),
    (0x1240E, 9, Digit),
    (0x1240F, 40, Digit),
    (0x12410, 50, Digit),
    (0x12411, 60, Digit),
    (0x12412, 70, Digit),
    (0x12413, 80, Digit),
    (0x12414, 90, Digit),
    (0x12415, 60, Digit),
    (0x12416, 120, Sign),
    (0x12417, 180, Sign),
    (0x12418, 240, Sign),
    (0x12419, 300, Sign),
    (0x1241A, 360, Sign),
    (0x1241B, 420, Sign),
    (0x1241C, 480, Sign),
    (0x1241D, 540, Sign),
    (0x1241E, 600, Sign),
    (0x1241F, 1200, Sign),
    (0x12420, 1800, Sign),
    (0x12421, 2400, Sign),
    (0x12422, 3000, Sign),
    (0x12423, 7200, Sign),
    (0x12424, 10800, Sign),
    (0x12425, 10800, Sign),
    (0x12426, 14400, Sign),
    (0x12427, 18000, Sign),
    (0x12428, 21600, Sign),
    (0x12429, 25200, Sign),
    (0x1242A, 28800, Sign),
    (0x1242B, 32400, Sign),
    (0x1243B, 3, Digit),
    (0x1243C, 4, Digit),
    (0x1243D, 4, Digit),
    (0x1243E, 4, Digit),
    (0x1243F, 4, Digit),
    (0x12440, 6, Digit),
    (0x12441, 7, Digit),
    (0x12442, 7, Digit),
    (0x12443, 7, Digit),
    (0x12444, 8, Digit),
    (0x12445, 8, Digit),
    (0x12446, 9, Digit),
    (0x12447, 9, Digit),
    (0x12448, 9, Digit),
    (0x12449, 9, Digit),
    (0x12467, 40, Digit),
    (0x12468, 50, Digit),
    (0x12469, 40, Digit),
    (0x1246A, 50, Digit),
    (0x1246B, 60, Digit),
    (0x1246C, 70, Digit),
    (0x1246D, 80, Digit),
    (0x1246E, 90, Digit),
    (0x13068, 1000000, Sign),
    (0x130AD, 10000, Sign),
    (0x130AE, 20000, Sign),
    (0x130AF, 30000, Sign),
    (0x130B0, 40000, Sign),
    (0x130B1, 50000, Sign),
    (0x130B2, 60000, Sign),
    (0x130B3, 70000, Sign),
    (0x130B4, 80000, Sign),
    (0x130B5, 90000, Sign),
    (0x13190, 100000, Sign),
    (0x131BC, 1000, Sign),
    (0x131BD, 2000, Sign),
    (0x131BE, 3000, Sign),
    (0x131BF, 4000, Sign),
    (0x131C0, 5000, Sign),
    (0x131C1, 6000, Sign),
    (0x131C2, 7000, Sign),
    (0x131C3, 8000, Sign),
    (0x131C4, 9000, Sign),
    (0x13362, 100, Sign),
    (0x13363, 200, Sign),
    (0x13364, 300, Sign),
    (0x13365, 400, Sign),
    (0x13366, 500, Sign),
    (0x13367, 600, Sign),
    (0x13368, 700, Sign),
    (0x13369, 800, Sign),
    (0x1336A, 900, Sign),
    (0x13386, 10, Digit),
    (0x13387, 20, Digit),
    (0x13388, 30, Digit),
    (0x13389, 40, Digit),
    (0x1338A, 50, Digit),
    (0x1338B, 60, Digit),
    (0x1338C, 70, Digit),
    (0x1338D, 80, Digit),
    (0x1338E, 90, Digit),
    (0x133FA, 1, Digit),
    (0x133FB, 2, Digit),
    (0x133FC, 3, Digit),
    (0x133FD, 4, Digit),
    (0x133FE, 5, Digit),
    (0x133FF, 6, Digit),
    (0x13400, 7, Digit),
    (0x13401, 8, Digit),
    (0x13402, 9, Digit),
    (0x1D2C0, 0, Base20),
    (0x1D2C1, 1, Base20),
    (0x1D2C2, 2, Base20),
    (0x1D2C3, 3, Base20),
    (0x1D2C4, 4, Base20),
    (0x1D2C5, 5, Base20),
    (0x1D2C6, 6, Base20),
    (0x1D2C7, 7, Base20),
    (0x1D2C8, 8, Base20),
    (0x1D2C9, 9, Base20),
    (0x1D2CA, 10, Base20),
    (0x1D2CB, 11, Base20),
    (0x1D2CC, 12, Base20),
    (0x1D2CD, 13, Base20),
    (0x1D2CE, 14, Base20),
    (0x1D2CF, 15, Base20),
    (0x1D2D0, 16, Base20),
    (0x1D2D1, 17, Base20),
    (0x1D2D2, 18, Base20),
    (0x1D2D3, 19, Base20),
    (0x1D2E0, 0, Base20),
    (0x1D2E1, 1, Base20),
    (0x1D2E2, 2, Base20),
    (0x1D2E3, 3, Base20),
    (0x1D2E4, 4, Base20),
    (0x1D2E5, 5, Base20),
    (0x1D2E6, 6, Base20),
    (0x1D2E7, 7, Base20),
    (0x1D2E8, 8, Base20),
    (0x1D2E9, 9, Base20),
    (0x1D2EA, 10, Base20),
    (0x1D2EB, 11, Base20),
    (0x1D2EC, 12, Base20),
    (0x1D2ED, 13, Base20),
    (0x1D2EE, 14, Base20),
    (0x1D2EF, 15, Base20),
    (0x1D2F0, 16, Base20),
    (0x1D2F1, 17, Base20),
    (0x1D2F2, 18, Base20),
    (0x1D2F3, 19, Base20),
    (0x1EC71, 1, Digit),
    (0x1EC72, 2, Digit),
    (0x1EC73, 3, Digit),
    (0x1EC74, 4, Digit),
    (0x1EC75, 5, Digit),
    (0x1EC76, 6, Digit),
    (0x1EC77, 7, Digit),
    (0x1EC78, 8, Digit),
    (0x1EC79, 9, Digit),
    (0x1EC7A, 10, Digit),
    (0x1EC7B, 20, Digit),
    (0x1EC7C, 30, Digit),
    (0x1EC7D, 40, Digit),
    (0x1EC7E, 50, Digit),
    (0x1EC7F, 60, Digit),
    (0x1EC80, 70, Digit),
    (0x1EC81, 80, Digit),
    (0x1EC82, 90, Digit),
    (0x1EC83, 100, Sign),
    (0x1EC84, 200, Sign),
    (0x1EC85, 300, Sign),
    (0x1EC86, 400, Sign),
    (0x1EC87, 500, Sign),
    (0x1EC88, 600, Sign),
    (0x1EC89, 700, Sign),
    (0x1EC8A, 800, Sign),
    (0x1EC8B, 900, Sign),
    (0x1EC8C, 1000, Sign),
    (0x1EC8D, 2000, Sign),
    (0x1EC8E, 3000, Sign),
    (0x1EC8F, 4000, Sign),
    (0x1EC90, 5000, Sign),
    (0x1EC91, 6000, Sign),
    (0x1EC92, 7000, Sign),
    (0x1EC93, 8000, Sign),
    (0x1EC94, 9000, Sign),
    (0x1EC95, 10000, Sign),
    (0x1EC96, 20000, Sign),
    (0x1EC97, 30000, Sign),
    (0x1EC98, 40000, Sign),
    (0x1EC99, 50000, Sign),
    (0x1EC9A, 60000, Sign),
    (0x1EC9B, 70000, Sign),
    (0x1EC9C, 80000, Sign),
    (0x1EC9D, 90000, Sign),
    (0x1EC9E, 100000, Sign),
    (0x1EC9F, 200000, Sign),
    (0x1ECA0, 100000, Sign),
    (0x1ECA1, 10000000, Sign),
    (0x1ECA2, 20000000, Sign),
    (0x1ECA3, 1, Digit),
    (0x1ECA4, 2, Digit),
    (0x1ECA5, 3, Digit),
    (0x1ECA6, 4, Digit),
    (0x1ECA7, 5, Digit),
    (0x1ECA8, 6, Digit),
    (0x1ECA9, 7, Digit),
    (0x1ECAA, 8, Digit),
    (0x1ECAB, 9, Digit),
    (0x1ECB1, 1, Digit),
    (0x1ECB2, 2, Digit),
    (0x1ECB3, 10000, Sign),
    (0x1ECB4, 100000, Sign),
    (0x1ED01, 1, Digit),
    (0x1ED02, 2, Digit),
    (0x1ED03, 3, Digit),
    (0x1ED04, 4, Digit),
    (0x1ED05, 5, Digit),
    (0x1ED06, 6, Digit),
    (0x1ED07, 7, Digit),
    (0x1ED08, 8, Digit),
    (0x1ED09, 9, Digit),
    (0x1ED0A, 10, Digit),
    (0x1ED0B, 20, Digit),
    (0x1ED0C, 30, Digit),
    (0x1ED0D, 40, Digit),
    (0x1ED0E, 50, Digit),
    (0x1ED0F, 60, Digit),
    (0x1ED10, 70, Digit),
    (0x1ED11, 80, Digit),
    (0x1ED12, 90, Digit),
    (0x1ED13, 100, Sign),
    (0x1ED14, 200, Sign),
    (0x1ED15, 300, Sign),
    (0x1ED16, 400, Sign),
    (0x1ED17, 500, Sign),
    (0x1ED18, 600, Sign),
    (0x1ED19, 700, Sign),
    (0x1ED1A, 800, Sign),
    (0x1ED1B, 900, Sign),
    (0x1ED1C, 1000, Sign),
    (0x1ED1D, 2000, Sign),
    (0x1ED1E, 3000, Sign),
    (0x1ED1F, 4000, Sign),
    (0x1ED20, 5000, Sign),
    (0x1ED21, 6000, Sign),
    (0x1ED22, 7000, Sign),
    (0x1ED23, 8000, Sign),
    (0x1ED24, 9000, Sign),
    (0x1ED25, 10000, Sign),
    (0x1ED26, 20000, Sign),
    (0x1ED27, 30000, Sign),
    (0x1ED28, 40000, Sign),
    (0x1ED29, 50000, Sign),
    (0x1ED2A, 60000, Sign),
    (0x1ED2B, 70000, Sign),
    (0x1ED2C, 80000, Sign),
    (0x1ED2D, 90000, Sign),
    (0x1ED2F, 2, Digit),
    (0x1ED30, 3, Digit),
    (0x1ED31, 4, Digit),
    (0x1ED32, 5, Digit),
    (0x1ED33, 6, Digit),
    (0x1ED34, 7, Digit),
    (0x1ED35, 8, Digit),
    (0x1ED36, 9, Digit),
    (0x1ED37, 10, Digit),
    (0x1ED38, 400, Sign),
    (0x1ED39, 600, Sign),
    (0x1ED3A, 2000, Sign),
    (0x1ED3B, 10000, Sign),
];

/// Values of this size or more are not read (no target is that large; keeps sums exact).
const LIMIT: u64 = 1_000_000_000_000_000;

/// What [`read`] found: the text with each numeral run replaced by its decimal value, and
/// every value read (a run read two ways, its space-separated pieces) to compare exactly.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Numerals {
    pub(crate) view: String,
    pub(crate) values: Vec<u64>,
}

/// The numerals of `raw` (the text as written: normalisation drops the marks the alphabetic
/// numerals need and folds Hebrew `י` to an apostrophe). `None` when it holds none.
pub(crate) fn read(raw: &str) -> Option<Numerals> {
    if raw.is_ascii() || !triggered(raw.as_bytes()) {
        return None;
    }
    let mut spans: Vec<(usize, usize, u64)> = Vec::new();
    let mut values: Vec<u64> = Vec::new();
    let b = raw.as_bytes();
    signs(raw, &mut spans, &mut values);
    // Each letter family only where its letters are: Greek U+0370..U+03FF (CD..CF) and
    // Coptic (E2 B2, E2 B3); Cyrillic (D0..D2, E2 B7 and EA 99 for its rarer letters) with a
    // titlo or thousands sign (D2); Hebrew (D7).
    if memchr::memchr3(0xCD, 0xCE, 0xCF, b).is_some()
        || memchr::memmem::find(b, &[0xE2, 0xB2]).is_some()
        || memchr::memmem::find(b, &[0xE2, 0xB3]).is_some()
    {
        letters(raw, Script::Greek, &mut spans, &mut values);
    }
    if memchr::memchr(0xD2, b).is_some() {
        letters(raw, Script::Cyrillic, &mut spans, &mut values);
        if memchr::memmem::find(b, &[0xE2, 0xB0]).is_some()
            || memchr::memmem::find(b, &[0xE2, 0xB1]).is_some()
        {
            letters(raw, Script::Glagolitic, &mut spans, &mut values);
        }
    }
    if memchr::memchr(0xD7, b).is_some() {
        hebrew(raw, &mut spans, &mut values);
    }
    if spans.is_empty() && values.is_empty() {
        return None;
    }
    spans.sort_unstable();
    let mut view = String::with_capacity(raw.len());
    let mut at = 0;
    for (s, e, v) in spans {
        if s < at {
            continue;
        }
        let Some(before) = raw.get(at..s) else {
            continue;
        };
        view.push_str(before);
        // A space keeps the value apart from a letter or digit it would glue to.
        if before
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
        {
            view.push(' ');
        }
        view.push_str(&v.to_string());
        if raw
            .get(e..)
            .and_then(|r| r.chars().next())
            .is_some_and(char::is_alphanumeric)
        {
            view.push(' ');
        }
        at = e;
    }
    view.push_str(raw.get(at..).unwrap_or(""));
    values.sort_unstable();
    values.dedup();
    Some(Numerals { view, values })
}

/// A lead byte (with its next bytes) of a block or numeral sign read here: a few `memchr`
/// passes, so text without one (typographic dashes and quotes, emoji) pays next to nothing.
fn triggered(b: &[u8]) -> bool {
    let at = |i: usize| b.get(i).copied().unwrap_or(0);
    let hit = |i: usize| match at(i) {
        // U+02B9 modifier prime (NFC of the keraia).
        0xCA => at(i + 1) == 0xB9,
        // Combining macron, overline, double overline (a numeral's bar).
        0xCC => matches!(at(i + 1), 0x84 | 0x85 | 0xBF),
        // Greek keraia U+0374 and lower numeral sign U+0375.
        0xCD => matches!(at(i + 1), 0xB4 | 0xB5),
        // Cyrillic thousands sign and titlo U+0482, U+0483, pokrytie U+0487.
        0xD2 => matches!(at(i + 1), 0x82 | 0x83 | 0x87),
        // Hebrew (letters and geresh): read, then cued by its marks.
        0xD7 => true,
        // Tamil ௰ ௱ ௲ (E0 AF B0..B2), Malayalam ൰ ൱ ൲ (E0 B5 B0..B2).
        0xE0 => matches!(at(i + 1), 0xAF | 0xB5) && matches!(at(i + 2), 0xB0..=0xB2),
        // Ethiopic numbers U+1369..U+137C.
        0xE1 => at(i + 1) == 0x8D && at(i + 2) >= 0xA9,
        0xE2 => match at(i + 1) {
            // Roman numerals U+2160..U+2188; Coptic U+2C80..U+2CFF; the prime U+2032.
            0x85 => at(i + 2) >= 0xA0,
            0x86 => at(i + 2) <= 0x88,
            0xB2 | 0xB3 => true,
            0x80 => at(i + 2) == 0xB2,
            _ => false,
        },
        // Supplementary planes with historic numbers: U+10000..U+13FFF (Aegean to
        // Egyptian), U+1D000..U+1EFFF (Mayan, Kaktovik, Siyaq); not emoji (F0 9F).
        0xF0 => matches!(at(i + 1), 0x90..=0x93 | 0x9D | 0x9E),
        _ => false,
    };
    if memchr::memchr3_iter(0xCA, 0xCC, 0xCD, b).any(hit)
        || memchr::memchr3_iter(0xD2, 0xD7, 0xE0, b).any(hit)
        || memchr::memchr3_iter(0xE1, 0xE2, 0xF0, b).any(hit)
    {
        return true;
    }
    // Greek letters with an apostrophe for a keraia, or an Attic capital `Χ`.
    memchr::memchr2(0xCE, 0xCF, b).is_some()
        && (memchr::memchr(b'\'', b).is_some()
            || memchr::memmem::find(b, "\u{2019}".as_bytes()).is_some()
            || memchr::memmem::find(b, "Χ".as_bytes()).is_some()
            || memchr::memmem::find(b, "Η".as_bytes()).is_some())
}

fn sign(c: char) -> Option<(u64, Kind)> {
    let k = u32::from(c);
    // Below the first entry (Tamil digits): ASCII and most letters, settled at once.
    if k < 0x0BE6 {
        return None;
    }
    let i = SIGNS.binary_search_by(|&(x, _, _)| x.cmp(&k)).ok()?;
    SIGNS.get(i).map(|&(_, v, kind)| (v, kind))
}

/// Characters that join nothing and are skipped inside a run (zero-width, soft hyphen,
/// variation selectors, the word joiner).
fn invisible(c: char) -> bool {
    matches!(c, '\u{00AD}' | '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}' | '\u{FE00}'..='\u{FE0F}')
}

/// Brahmi number joiner: a multiplier, the joiner and a unit are one sign (`𑁤`+joiner+`𑁖`:
/// 500).
const JOINER: char = '\u{1107F}';

/// Plain Greek capitals as Attic (acrophonic) numerals.
fn attic(c: char) -> Option<u64> {
    Some(match c {
        'Ι' => 1,
        'Π' => 5,
        'Δ' => 10,
        'Η' => 100,
        'Χ' => 1000,
        'Μ' => 10000,
        _ => return None,
    })
}

#[derive(Clone, Copy, Debug)]
enum Tok {
    Num(u64, Kind),
    Space,
    Join,
}

/// Sign-value, multiplicative and base-20 runs: from a table sign (or an Attic capital)
/// through signs, digits glued to them, invisible characters, the Brahmi joiner and single
/// spaces between two signs.
fn signs(raw: &str, spans: &mut Vec<(usize, usize, u64)>, values: &mut Vec<u64>) {
    let mut it = raw.char_indices().peekable();
    let mut prev: Option<char> = None;
    while let Some((i, c)) = it.next() {
        let starts =
            sign(c).is_some() || (attic(c).is_some() && !prev.is_some_and(char::is_alphabetic));
        if !starts {
            prev = Some(c);
            continue;
        }
        // ASCII digits right before the first sign belong to the run (`5௲`).
        let mut start = i;
        while start > 0
            && raw
                .as_bytes()
                .get(start - 1)
                .is_some_and(u8::is_ascii_digit)
        {
            start -= 1;
        }
        let mut toks: Vec<Tok> = Vec::new();
        if let Some(d) = raw.get(start..i).and_then(|s| s.parse::<u64>().ok()) {
            toks.push(Tok::Num(d, Digit));
        }
        let mut end = i;
        let mut plain_attic = true;
        let mut cur = Some((i, c));
        while let Some((j, x)) = cur {
            if let Some((v, kind)) = sign(x) {
                toks.push(Tok::Num(v, kind));
                plain_attic = false;
            } else if let Some(v) = attic(x) {
                toks.push(Tok::Num(v, Sign));
            } else if x.is_ascii_digit() {
                let mut k = j;
                let mut v: u64 = 0;
                while let Some(d) = raw.as_bytes().get(k).filter(|d| d.is_ascii_digit()) {
                    v = v.saturating_mul(10).saturating_add(u64::from(d - b'0'));
                    k += 1;
                }
                toks.push(Tok::Num(v.min(LIMIT), Digit));
                while it.peek().is_some_and(|&(q, _)| q < k) {
                    it.next();
                }
                end = k;
                cur = it.next();
                continue;
            } else if x == JOINER {
                toks.push(Tok::Join);
            } else if invisible(x) {
            } else if matches!(x, ' ' | '\u{00A0}')
                && it
                    .peek()
                    .is_some_and(|&(_, y)| sign(y).is_some() || attic(y).is_some())
            {
                toks.push(Tok::Space);
            } else {
                break;
            }
            end = j + x.len_utf8();
            cur = it.next();
        }
        prev = raw.get(..end).and_then(|h| h.chars().next_back());
        let glued = raw
            .get(end..)
            .and_then(|r| r.chars().next())
            .is_some_and(char::is_alphabetic);
        if plain_attic {
            // Attic capitals alone: three or more, standing alone, never rising.
            let vals: Vec<u64> = toks
                .iter()
                .filter_map(|t| match t {
                    Tok::Num(v, _) => Some(*v),
                    _ => None,
                })
                .collect();
            let falling = vals.windows(2).all(|w| w.first() >= w.get(1));
            let digits = toks.iter().any(|t| matches!(t, Tok::Num(_, Digit)));
            if vals.len() < 3 || !falling || glued || digits {
                prev = cur.map(|(_, x)| x).or(prev);
                continue;
            }
        }
        let pieces: Vec<&[Tok]> = toks.split(|t| matches!(t, Tok::Space)).collect();
        if let Some(v) = evaluate(&toks) {
            spans.push((start, end, v));
            values.push(v);
        }
        if pieces.len() > 1 {
            values.extend(pieces.iter().filter_map(|p| evaluate(p)));
        }
        prev = cur.map(|(_, x)| x).or(prev);
    }
}

/// The value of one run of signs: base-20 when all its signs are base-20 digits, otherwise
/// additive with multipliers. `None` for a run of one base-20 digit, positional decimal digits
/// alone, a rising Roman run or a mix of base-20 and other signs.
fn evaluate(toks: &[Tok]) -> Option<u64> {
    let nums = || {
        toks.iter().filter_map(|t| match t {
            Tok::Num(v, k) => Some((*v, *k)),
            _ => None,
        })
    };
    let n = nums().count();
    let base20 = nums().filter(|&(_, k)| k == Base20).count();
    if base20 > 0 {
        // Spaces between the digits are read through (`𝋬 𝋯 𝋠`, as a learner spaces them).
        if base20 != n || n < 2 {
            return None;
        }
        return nums()
            .try_fold(0u64, |acc, (v, _)| acc.checked_mul(20)?.checked_add(v))
            .filter(|&v| v < LIMIT);
    }
    // Something beyond decimal digits (a decimal run alone is normalisation's).
    if !nums().any(|(v, k)| k != Digit || v >= 10) || n < 2 && nums().all(|(_, k)| k == Digit) {
        return None;
    }
    let romans: Vec<u64> = nums()
        .filter(|&(_, k)| k == Roman)
        .map(|(v, _)| v)
        .collect();
    if romans.windows(2).any(|w| w.first() < w.get(1)) {
        return None;
    }
    let mut total: u64 = 0;
    let mut pend: u64 = 0;
    let mut k = 0;
    while let Some(t) = toks.get(k) {
        k += 1;
        let Tok::Num(v, kind) = *t else { continue };
        match kind {
            Digit => pend = pend.checked_add(v)?,
            Roman if v < 100 => pend = pend.checked_add(v)?,
            Sign | Roman | Base20 => {
                total = total.checked_add(pend)?.checked_add(v)?;
                pend = 0;
            }
            Mult => {
                // A Brahmi ligature: the multiplier, the joiner, a unit (`100`+joiner+`5`).
                let lig = match (toks.get(k), toks.get(k + 1)) {
                    (Some(Tok::Join), Some(Tok::Num(u, Digit))) if *u < 10 => Some(*u),
                    _ => None,
                };
                if let Some(u) = lig {
                    k += 2;
                    total = total.checked_add(pend)?.checked_add(v.checked_mul(u)?)?;
                } else if pend > 0 && pend < v {
                    total = total.checked_add(pend.checked_mul(v)?)?;
                } else {
                    total = total.checked_add(pend)?.checked_add(v)?;
                }
                pend = 0;
            }
            Myriad => {
                let g = total.checked_add(pend)?;
                total = if g > 0 && g < v {
                    g.checked_mul(v)?
                } else {
                    g.checked_add(v)?
                };
                pend = 0;
            }
        }
    }
    total.checked_add(pend).filter(|&v| v > 0 && v < LIMIT)
}

#[derive(Clone, Copy, PartialEq)]
enum Script {
    /// Greek and Coptic letters (keraia, lower numeral sign, overline).
    Greek,
    /// Church Slavonic Cyrillic letters (titlo, thousands sign).
    Cyrillic,
    /// Glagolitic letters (titlo, thousands sign, as Cyrillic).
    Glagolitic,
}

/// The value of a Glagolitic numeral letter (U+2C00.., small letters U+2C30..): `Ⰰ`..`Ⰸ`
/// 1..9, `Ⰹ` 10, `Ⰺ`/`Ⰻ` 20, then tens and hundreds in order, `Ⱚ`/`Ⱛ` 800, `Ⱜ` 900.
fn glagolitic_value(c: char) -> Option<u64> {
    let k = u32::from(c);
    let k = match k {
        0x2C30..=0x2C4C => k - 0x30,
        _ => k,
    };
    const V: [u64; 29] = [
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 20, 30, 40, 50, 60, 70, 80, 90, 100, 200, 300, 400, 500,
        600, 700, 800, 800, 900,
    ];
    k.checked_sub(0x2C00)
        .and_then(|i| V.get(i as usize))
        .copied()
}

/// The value of a Greek or Coptic numeral letter.
fn greek_value(c: char) -> Option<u64> {
    let k = u32::from(c);
    // Coptic U+2C80..U+2CB1: capital and small in pairs, 1..9, 10..80, 100..800.
    if (0x2C80..=0x2CB1).contains(&k) {
        const V: [u64; 25] = [
            1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 30, 40, 50, 60, 70, 80, 100, 200, 300, 400, 500,
            600, 700, 800,
        ];
        return V.get(((k - 0x2C80) / 2) as usize).copied();
    }
    let l = c.to_lowercase().next().unwrap_or(c);
    Some(match l {
        'α' => 1,
        'β' => 2,
        'γ' => 3,
        'δ' => 4,
        'ε' => 5,
        'ϛ' | 'ϝ' | 'ς' | 'ⲋ' => 6,
        'ζ' => 7,
        'η' => 8,
        'θ' => 9,
        'ι' => 10,
        'κ' => 20,
        'λ' => 30,
        'μ' => 40,
        'ν' => 50,
        'ξ' => 60,
        'ο' => 70,
        'π' => 80,
        'ϟ' | 'ϙ' | 'ϥ' => 90,
        'ρ' => 100,
        'σ' | 'ϲ' => 200,
        'τ' => 300,
        'υ' => 400,
        'φ' => 500,
        'χ' => 600,
        'ψ' => 700,
        'ω' => 800,
        'ϡ' | 'ͳ' | 'ⳁ' => 900,
        _ => return None,
    })
}

/// The value of a Church Slavonic numeral letter.
fn cyrillic_value(c: char) -> Option<u64> {
    let l = c.to_lowercase().next().unwrap_or(c);
    Some(match l {
        'а' => 1,
        'в' => 2,
        'г' => 3,
        'д' => 4,
        'є' | 'е' => 5,
        'ѕ' => 6,
        'з' => 7,
        'и' => 8,
        'ѳ' => 9,
        'і' => 10,
        'к' => 20,
        'л' => 30,
        'м' => 40,
        'н' => 50,
        'ѯ' => 60,
        'о' | 'ѻ' => 70,
        'п' => 80,
        'ч' | 'ҁ' => 90,
        'р' => 100,
        'с' => 200,
        'т' => 300,
        'ѵ' | 'у' | 'ѹ' | 'ꙋ' => 400,
        'ф' => 500,
        'х' => 600,
        'ѱ' => 700,
        'ѿ' | 'ѡ' => 800,
        'ц' => 900,
        _ => return None,
    })
}

/// Hundreds, tens or units (2, 1, 0) of a value below 1000.
fn tier(v: u64) -> u8 {
    match v {
        0..=9 => 0,
        10..=99 => 1,
        _ => 2,
    }
}

/// Letters of one group in the numeral's order: hundreds, tens, units, each at most once;
/// `teens`: a unit before `і` (Slavonic 11..19) too.
fn ordered(vals: &[u64], teens: bool) -> bool {
    if teens {
        if let [head @ .., u, 10] = vals {
            if *u < 10 && head.iter().all(|&h| h >= 100) && ordered(head, false) {
                return true;
            }
        }
    }
    vals.windows(2).all(|w| match w {
        [a, b] => tier(*a) > tier(*b),
        _ => true,
    })
}

/// Greek, Coptic or Church Slavonic letters with their numeral signs.
fn letters(raw: &str, script: Script, spans: &mut Vec<(usize, usize, u64)>, values: &mut Vec<u64>) {
    let value = |c: char| match script {
        Script::Greek => greek_value(c),
        Script::Cyrillic => cyrillic_value(c),
        Script::Glagolitic => glagolitic_value(c),
    };
    let thousands_sign = |c: char| match script {
        Script::Greek => c == '\u{0375}',
        Script::Cyrillic | Script::Glagolitic => c == '\u{0482}',
    };
    let chars: Vec<(usize, char)> = raw.char_indices().collect();
    let mut k = 0;
    while let Some(&(i, c)) = chars.get(k) {
        let prev = k.checked_sub(1).and_then(|p| chars.get(p)).map(|&(_, x)| x);
        // A run opens at a thousands sign, or a numeral letter (or a comma standing for `͵`
        // before one) that does not continue a word.
        let comma = script == Script::Greek
            && c == ','
            && chars.get(k + 1).is_some_and(|&(_, x)| value(x).is_some());
        let opens = (thousands_sign(c) || comma || value(c).is_some())
            && !prev.is_some_and(|p| p.is_alphabetic() || p.is_ascii_digit());
        if !opens {
            k += 1;
            continue;
        }
        let mut thousand = false;
        let mut marked = false;
        let mut keraia = false;
        let mut apostrophe = false;
        let mut high: Vec<u64> = Vec::new();
        let mut low: Vec<u64> = Vec::new();
        let mut last_high = false;
        let mut j = k;
        let mut end = i;
        let mut bad = false;
        while let Some(&(at, x)) = chars.get(j) {
            if thousands_sign(x) || (comma && j == k) {
                if !low.is_empty() {
                    bad = true;
                }
                thousand = true;
                marked |= x != ',';
            } else if let Some(v) = value(x) {
                if keraia || apostrophe {
                    bad = true;
                }
                if thousand {
                    high.push(v);
                    last_high = true;
                    thousand = false;
                } else {
                    low.push(v);
                    last_high = false;
                }
            } else if matches!(x, '\u{0305}' | '\u{0304}' | '\u{0483}' | '\u{0487}') {
                marked = true;
            } else if x == '\u{033F}' {
                // A double overline: this letter counts thousands (Coptic).
                if !last_high {
                    if let Some(v) = low.pop() {
                        high.push(v);
                    }
                    last_high = true;
                }
                marked = true;
            } else if script == Script::Greek && matches!(x, '\u{0374}' | '\u{02B9}' | '\u{2032}') {
                keraia = true;
            } else if script == Script::Greek && matches!(x, '\'' | '\u{2019}' | '\u{00B4}') {
                apostrophe = true;
            } else if invisible(x) || ('\u{0484}'..='\u{0486}').contains(&x) {
            } else {
                break;
            }
            end = at + x.len_utf8();
            j += 1;
        }
        let next = chars.get(j).map(|&(_, x)| x);
        let glued = next.is_some_and(|x| x.is_alphabetic() || x.is_ascii_digit());
        let count = high.len() + low.len();
        let cued = marked || keraia || (apostrophe && count >= 2) || !high.is_empty();
        if !bad && !glued && cued && count > 0 {
            let teens = script != Script::Greek;
            if ordered(&high, teens) && ordered(&low, teens) {
                let v = high.iter().sum::<u64>() * 1000 + low.iter().sum::<u64>();
                spans.push((i, end, v));
                values.push(v);
            }
        }
        k = j.max(k + 1);
    }
}

/// Hebrew letter values; a final form gives its hundreds value second (`ך` 20 or 500).
fn hebrew_value(c: char) -> Option<(u64, Option<u64>)> {
    Some(match c {
        'א' => (1, None),
        'ב' => (2, None),
        'ג' => (3, None),
        'ד' => (4, None),
        'ה' => (5, None),
        'ו' => (6, None),
        'ז' => (7, None),
        'ח' => (8, None),
        'ט' => (9, None),
        'י' => (10, None),
        'כ' => (20, None),
        'ך' => (20, Some(500)),
        'ל' => (30, None),
        'מ' => (40, None),
        'ם' => (40, Some(600)),
        'נ' => (50, None),
        'ן' => (50, Some(700)),
        'ס' => (60, None),
        'ע' => (70, None),
        'פ' => (80, None),
        'ף' => (80, Some(800)),
        'צ' => (90, None),
        'ץ' => (90, Some(900)),
        'ק' => (100, None),
        'ר' => (200, None),
        'ש' => (300, None),
        'ת' => (400, None),
        _ => return None,
    })
}

/// Marks after a Hebrew letter: geresh (one letter's numeral, or thousands before more
/// letters) and gershayim (before a numeral's last letter), in Hebrew or ASCII.
fn geresh(c: char) -> bool {
    matches!(c, '\u{05F3}' | '\'' | '\u{2019}' | '\u{2032}')
}
fn gershayim(c: char) -> bool {
    matches!(c, '\u{05F4}' | '"' | '\u{201D}' | '\u{2033}')
}

/// The values of one group of Hebrew letters in the numeral's order: hundreds (non-rising,
/// only `ת` repeated: `תתק` 900), one ten, one unit, or `טו`/`טז` (15, 16). Each final letter
/// is read both ways.
fn hebrew_group(letters: &[(u64, Option<u64>)]) -> Vec<u64> {
    let mut out = Vec::new();
    let n = letters.len().min(6);
    for mask in 0u32..(1 << n) {
        let mut vals: Vec<u64> = Vec::with_capacity(n);
        let mut ok = true;
        for (b, &(v, fin)) in letters.iter().take(n).enumerate() {
            if mask >> b & 1 == 1 {
                match fin {
                    Some(h) => vals.push(h),
                    None => ok = false,
                }
            } else {
                vals.push(v);
            }
        }
        if !ok {
            continue;
        }
        let hundreds: Vec<u64> = vals.iter().copied().take_while(|&v| v >= 100).collect();
        let rest = vals.get(hundreds.len()..).unwrap_or(&[]);
        let h_ok = hundreds.windows(2).all(|w| match w {
            [a, b] => a > b || (*a == 400 && *b == 400),
            _ => true,
        });
        let r_ok = match rest {
            [] => true,
            [_] => true,
            [9, 6] | [9, 7] => true,
            [t, u] => *t >= 10 && *u < 10,
            _ => false,
        };
        if h_ok && r_ok {
            out.push(vals.iter().sum());
        }
    }
    out
}

/// Hebrew numerals: letters with a geresh or gershayim in a numeral's place.
fn hebrew(raw: &str, spans: &mut Vec<(usize, usize, u64)>, values: &mut Vec<u64>) {
    let chars: Vec<(usize, char)> = raw.char_indices().collect();
    let mut k = 0;
    while let Some(&(i, c)) = chars.get(k) {
        let prev = k.checked_sub(1).and_then(|p| chars.get(p)).map(|&(_, x)| x);
        if hebrew_value(c).is_none() || prev.is_some_and(char::is_alphabetic) {
            k += 1;
            continue;
        }
        // Letters, each with the mark after it (0 none, 1 geresh, 2 gershayim).
        let mut letters: Vec<((u64, Option<u64>), u8)> = Vec::new();
        let mut j = k;
        let mut end = i;
        while let Some(&(at, x)) = chars.get(j) {
            let next = chars.get(j + 1).map(|&(_, y)| y);
            if let Some(v) = hebrew_value(x) {
                letters.push((v, 0));
            } else if let Some(last) = letters.last_mut().filter(|l| l.1 == 0) {
                if geresh(x) {
                    last.1 = 1;
                } else if gershayim(x) {
                    last.1 = 2;
                } else if ('\u{0591}'..='\u{05BD}').contains(&x) || invisible(x) {
                } else {
                    break;
                }
            } else if x == ' '
                && letters.len() == 1
                && letters.last().is_some_and(|l| l.1 == 1)
                && next.and_then(hebrew_value).is_some()
            {
                // `ה׳ תשפ״ב`: the thousands apart from the rest.
            } else {
                break;
            }
            end = at + x.len_utf8();
            j += 1;
        }
        let glued = chars.get(j).is_some_and(|&(_, x)| x.is_alphabetic());
        k = j.max(k + 1);
        if glued || letters.is_empty() {
            continue;
        }
        // The thousands: letters up to a geresh with more letters after it.
        let split = letters
            .iter()
            .position(|l| l.1 == 1)
            .filter(|&p| p + 1 < letters.len());
        let (high, low) = match split {
            Some(p) => letters.split_at(p + 1),
            None => (letters.get(..0).unwrap_or(&[]), letters.as_slice()),
        };
        // The rest: a gershayim only before its last letter, a geresh only after a single
        // letter; one of them (or thousands) must be there.
        let n = low.len();
        let marks_ok = low.iter().enumerate().all(|(q, l)| match l.1 {
            0 => true,
            1 => n == 1,
            _ => q + 2 == n,
        });
        let cued = !high.is_empty() || low.iter().any(|l| l.1 != 0);
        let high_marks = high.iter().rev().skip(1).all(|l| l.1 == 0);
        if !marks_ok || !cued || !high_marks || high.len() > 3 {
            continue;
        }
        let highs: Vec<u64> = if high.is_empty() {
            vec![0]
        } else {
            let l: Vec<_> = high.iter().map(|l| l.0).collect();
            hebrew_group(&l)
        };
        let lows = hebrew_group(&low.iter().map(|l| l.0).collect::<Vec<_>>());
        let mut first = true;
        for h in &highs {
            for l in &lows {
                let v = h * 1000 + l;
                if first {
                    spans.push((i, end, v));
                    first = false;
                }
                values.push(v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vals(s: &str) -> Vec<u64> {
        read(s).map(|r| r.values).unwrap_or_default()
    }

    #[test]
    fn reads_each_system() {
        let table: &[(&str, u64)] = &[
            // Greek: lower numeral sign, keraia (U+0374, its NFC U+02B9, an apostrophe).
            ("\u{0375}ερ\u{0374}", 5100),
            ("͵ερʹ", 5100),
            ("͵βψνʹ", 2750),
            ("͵ερ'", 5100),
            ("͵ΕΡʹ", 5100),
            ("lag ͵ερ messages", 5100),
            (",ερʹ", 5100),
            ("ρνʹ", 150),
            // Coptic letters under an overline; a double overline counts thousands.
            ("ⲉ\u{033F}ⲣ\u{0305}", 5100),
            // Hebrew: geresh for thousands, gershayim before the last letter, finals.
            ("ה׳ק", 5100),
            ("ה'ק", 5100),
            ("ה׳ק׳", 5100),
            ("ה׳ ק׳", 5100),
            ("ב׳תשנ", 2750),
            ("ב׳תש״נ", 2750),
            ("ב'תש\"נ", 2750),
            ("ב׳ךנ", 2550),
            ("תתק״ט", 909),
            ("ט״ו", 15),
            // Church Slavonic: thousands sign, titlo.
            ("҂єр҃", 5100),
            ("҂вѱ҃н", 2750),
            ("в҃і", 12),
            // Glagolitic under a titlo.
            ("҂ⰄⰓ\u{0483}", 5100),
            ("҂ⰱⱉ\u{0483}ⰾ", 2750),
            // Sign-value systems.
            ("𐄦𐄙", 5100),
            ("𐅆𐅪", 5100),
            ("𐅆Η", 5100),
            ("ΧΧΧΧΧΗ", 5100),
            ("ΧΧΗΗΗΗΗΗΗ𐅄", 2750),
            ("𓇀𓍢", 5100),
            ("𓆼𓆼𓆼𓆼𓆼𓍢", 5100),
            ("𓆽 𓍨 𓎊", 2000 + 700 + 50),
            ("ↁ௱", 5100),
            ("ↁⅭ", 5100),
            // Multiplicative-additive: Tamil, Malayalam, Ethiopic, digits before a multiplier.
            ("௫௲௱", 5100),
            ("௨௲௭௱௫௰", 2750),
            ("5௲1௱", 5100),
            ("൫൲൱", 5100),
            ("፶፩፻", 5100),
            ("፳፯፻፶", 2750),
            ("51፻", 5100),
            ("፶፩፻፼", 51_000_000),
            ("𑁥\u{1107F}𑁖𑁤", 5100),
            ("𑇥𑇴𑇡𑇳", 5100),
            // Cuneiform: five GESHU (5 × 600), three GESH2 (3 × 60), FOUR U.
            ("𒐢𒐗𒐏", 3000 + 180 + 40),
            // Base 20: Mayan and Kaktovik.
            ("𝋬𝋯𝋠", 5100),
            ("\u{1D2CC}\u{1D2CF}\u{1D2C0}", 5100),
            ("𝋦𝋭𝋪", 6 * 400 + 13 * 20 + 10),
            ("𝋬 𝋯 𝋠", 5100),
        ];
        for &(s, v) in table {
            let got = vals(s);
            assert!(got.contains(&v), "{s:?}: expected {v}, got {got:?}");
        }
    }

    #[test]
    fn view_holds_the_digits() {
        let r = read("lag: 𝋬𝋯𝋠 msgs, worst ͵βψνʹ");
        assert_eq!(
            r.map(|r| r.view).as_deref(),
            Some("lag: 5100 msgs, worst 2750")
        );
        assert_eq!(read("𐄦 + 𐄙").map(|r| r.view).as_deref(), Some("5000 + 100"));
    }

    #[test]
    fn other_values_and_prose_read_as_themselves_or_nothing() {
        let table: &[(&str, &[u64])] = &[
            ("͵εʹ", &[5000]),
            ("𝋭𝋥𝋠", &[5300]),
            ("𐄓𐄙", &[140]),
            ("καλημέρα", &[]),
            ("Ελλάδα", &[]),
            ("ΗΠΑ και ΔΕΗ", &[]),
            ("σ' αγαπώ, απ' το σπίτι, κι' έτσι", &[]),
            ("Το μήνυμα 'καλημέρα' στάλθηκε", &[]),
            ("שלום", &[]),
            ("\"שלום\" אמר הוא", &[]),
            ("צה״ל, ארה״ב, ד״ר, בע״מ", &[]),
            ("ג׳ורג׳ הלך הביתה", &[]),
            ("השרת נפל אתמול בלילה והצוות טיפל בזה", &[]),
            ("Привет, мир", &[]),
            ("ⰀⰁⰂ ⰓⰄ", &[]),
            ("ሰላም ዓለም", &[]),
            ("வணக்கம் உலகம்", &[]),
            ("௫௧௦௦", &[]),
            ("latency → 5100 ms “quoted” — dash", &[]),
            ("ⅩⅬ", &[]),
            ("𝋠", &[]),
            ("🙂🚀", &[]),
        ];
        for &(s, want) in table {
            assert_eq!(vals(s), want.to_vec(), "{s:?}");
        }
        assert_eq!(read("plain ascii 5100"), None);
    }
}
