//! Vietnamese, Indonesian and Malay, Tagalog: number words as NFKD without marks leaves them
//! (`năm` as `nam`, `trăm` as `tram`, `mười` and `mươi` both as `muoi`; `đ` is folded to `d` by
//! [`lower`](super::find::lower)).
//!
//! - Vietnamese: `năm nghìn một trăm` (5100), `hai nghìn bảy trăm năm mươi` (2750): a unit
//!   times `mươi` (tens), `trăm` (100), `nghìn`/`ngàn` (1000), `triệu` (10^6); `mười` is ten,
//!   `lẻ`/`linh` a zero tens (`một trăm lẻ năm` = 105), `không trăm` a zero hundreds; after
//!   tens 5 is `lăm`/`nhăm`, 4 may be `tư`, 1 `mốt` (`năm mươi năm` is "fifty years", 50). A
//!   unit after a hundred or a scale counts only with a multiplier after it or `lẻ` before it
//!   (`hai nghìn năm`: "two thousand years"); `tỷ`/`tỉ` (10^9) are left out, as `tý`/`tí` "a
//!   bit" fold alike (`một tí`).
//! - Indonesian and Malay: `lima ribu seratus`, `dua ribu tujuh ratus lima puluh`: `se-` for
//!   one (`seratus`, `seribu`, `sejuta`, `sebelas`, `sepuluh`), a unit before `belas` (teens),
//!   `puluh` (tens), `ratus`, `ribu`, `juta`, `miliar`; Malay `lapan`.
//! - Tagalog: `limang libo at isang daan`, `dalawang libo pitong daan at limampu`: the linked
//!   forms (`-ng` glued, `na` between: `apat na raan`), `daan`/`raan`, `libo`, `milyon`, `at`
//!   (and, also glued as `'t`: `dalawampu't isa`), `labing-` teens, `sandaan`, `sanlibo`.
//!   `raan` is no anchor stem: `apat na raan` (400) alone is not read.
use super::lexicon::M::{self, Hundred, Hundreds, Scale, Small, Tens, Times, Unit};

pub(super) const VI: &[(&str, M)] = &[
    ("khong", Unit(0)),
    ("mot", Unit(1)),
    ("hai", Unit(2)),
    ("ba", Unit(3)),
    ("bon", Unit(4)),
    ("nam", Unit(5)),
    ("sau", Unit(6)),
    ("bay", Unit(7)),
    ("tam", Unit(8)),
    ("chin", Unit(9)),
    ("tu", M::TailUnit(4)),
    ("lam", M::TailUnit(5)),
    ("nham", M::TailUnit(5)),
    ("muoi", M::TenTimes),
    ("tram", Hundred),
    ("nghin", Scale(1_000)),
    ("ngan", Scale(1_000)),
    ("trieu", Scale(1_000_000)),
    ("le", M::Conj),
    ("linh", M::Conj),
];

pub(super) const ID: &[(&str, M)] = &[
    ("satu", Unit(1)),
    ("dua", Unit(2)),
    ("tiga", Unit(3)),
    ("empat", Unit(4)),
    ("lima", Unit(5)),
    ("enam", Unit(6)),
    ("tujuh", Unit(7)),
    ("delapan", Unit(8)),
    ("lapan", Unit(8)),
    ("sembilan", Unit(9)),
    ("sepuluh", Small(10)),
    ("sebelas", Small(11)),
    // A unit before it: `dua belas` = 12.
    ("belas", Small(10)),
    ("puluh", M::TenTimes),
    ("seratus", Hundreds(100)),
    ("ratus", M::TimesHundred { late: false }),
    ("seribu", Scale(1_000)),
    ("ribu", Times(1_000)),
    ("sejuta", Scale(1_000_000)),
    ("juta", Times(1_000_000)),
    ("miliar", Times(1_000_000_000)),
    ("milyar", Times(1_000_000_000)),
    ("bilion", Times(1_000_000_000)),
];

pub(super) const TL: &[(&str, M)] = &[
    ("isa", Unit(1)),
    ("isang", Unit(1)),
    ("dalawa", Unit(2)),
    ("dalawang", Unit(2)),
    ("tatlo", Unit(3)),
    ("tatlong", Unit(3)),
    ("apat", Unit(4)),
    ("lima", Unit(5)),
    ("limang", Unit(5)),
    ("anim", Unit(6)),
    ("pito", Unit(7)),
    ("pitong", Unit(7)),
    ("walo", Unit(8)),
    ("walong", Unit(8)),
    ("siyam", Unit(9)),
    ("sampu", Small(10)),
    ("sampung", Small(10)),
    // `labing-isa` (11), `labing-apat` (14): open to a unit.
    ("labing", Tens(10)),
    ("labindalawa", Small(12)),
    ("labindalawang", Small(12)),
    ("labintatlo", Small(13)),
    ("labintatlong", Small(13)),
    ("labinlima", Small(15)),
    ("labinlimang", Small(15)),
    ("labimpito", Small(17)),
    ("labimpitong", Small(17)),
    ("labingwalo", Small(18)),
    ("labingwalong", Small(18)),
    ("labinsiyam", Small(19)),
    ("dalawampu", Tens(20)),
    ("dalawampung", Tens(20)),
    ("dalawamput", Tens(20)),
    ("tatlumpu", Tens(30)),
    ("tatlumpung", Tens(30)),
    ("tatlumput", Tens(30)),
    ("apatnapu", Tens(40)),
    ("apatnapung", Tens(40)),
    ("apatnaput", Tens(40)),
    ("limampu", Tens(50)),
    ("limampung", Tens(50)),
    ("limamput", Tens(50)),
    ("animnapu", Tens(60)),
    ("animnapung", Tens(60)),
    ("animnaput", Tens(60)),
    ("pitumpu", Tens(70)),
    ("pitumpung", Tens(70)),
    ("pitumput", Tens(70)),
    ("walumpu", Tens(80)),
    ("walumpung", Tens(80)),
    ("walumput", Tens(80)),
    ("siyamnapu", Tens(90)),
    ("siyamnapung", Tens(90)),
    ("siyamnaput", Tens(90)),
    ("daan", Hundred),
    ("daang", Hundred),
    ("raan", Hundred),
    ("raang", Hundred),
    ("sandaan", Hundreds(100)),
    ("sandaang", Hundreds(100)),
    ("libo", Scale(1_000)),
    ("libong", Scale(1_000)),
    ("sanlibo", Scale(1_000)),
    ("sanlibong", Scale(1_000)),
    ("sanlibot", Scale(1_000)),
    ("milyon", Scale(1_000_000)),
    ("milyong", Scale(1_000_000)),
    ("bilyon", Scale(1_000_000_000)),
    ("na", M::Link),
];

#[cfg(test)]
mod tests {
    use super::super::tests::{check_norm, none_norm, vals};
    use crate::matcher::normalize::normalize;

    #[test]
    fn vietnamese() {
        check_norm(&[
            ("năm nghìn một trăm", 5100.0),
            ("năm ngàn một trăm", 5100.0),
            ("NĂM NGHÌN MỘT TRĂM", 5100.0),
            ("Năm nghìn một trăm", 5100.0),
            ("độ trễ là năm nghìn một trăm tin nhắn", 5100.0),
            ("hai nghìn bảy trăm năm mươi", 2750.0),
            ("hai ngàn bẩy trăm năm mươi", 2750.0),
            ("một nghìn hai trăm năm mươi", 1250.0),
            ("ba trăm bốn mươi", 340.0),
            ("hai triệu bốn trăm nghìn", 2_400_000.0),
            ("một trăm", 100.0),
            ("một trăm lẻ năm", 105.0),
            ("một trăm linh năm", 105.0),
            ("hai nghìn không trăm năm mươi", 2050.0),
            ("ba trăm hai mươi tư", 324.0),
            ("ba trăm hai mươi lăm", 325.0),
            ("năm mươi mốt nghìn", 51_000.0),
            ("mười lăm nghìn", 15_000.0),
            ("hai nghìn năm trăm", 2500.0),
            ("5,1 nghìn", 5100.0),
        ]);
        // A unit after a scale or a hundred without a multiplier: "two thousand years", "a
        // hundred years"; after the tens `năm` is "years" (5 is `lăm` there).
        assert_eq!(vals(&normalize("hai nghìn năm trước")), vec![2000.0]);
        assert_eq!(vals(&normalize("một trăm năm")), vec![100.0]);
        assert_eq!(vals(&normalize("hai trăm năm mươi năm")), vec![250.0]);
        none_norm(&[
            "trăm",
            "nghìn",
            "Tôi đã làm việc ở đây năm năm rồi",
            "trăm năm trong cõi người ta",
            "năm mươi năm",
            "Trạm xăng ở phố Bà Triệu",
            "chờ một tí nhé, một tý thôi",
            "Ba tôi về nhà lúc chín giờ rồi đi ngủ",
            "hàng nghìn tin nhắn đang chờ",
            "The Bay tram to Nam Dinh was late",
            "Chin up: the tram runs at 9",
        ]);
    }

    #[test]
    fn indonesian_malay() {
        check_norm(&[
            ("lima ribu seratus", 5100.0),
            ("LIMA RIBU SERATUS", 5100.0),
            ("Lima ribu seratus", 5100.0),
            ("lag mencapai lima ribu seratus pesan", 5100.0),
            ("dua ribu tujuh ratus lima puluh", 2750.0),
            ("seribu dua ratus lima puluh", 1250.0),
            ("tiga ratus empat puluh", 340.0),
            ("dua juta empat ratus ribu", 2_400_000.0),
            ("sebelas ribu", 11_000.0),
            ("dua belas ribu", 12_000.0),
            ("seratus dua puluh", 120.0),
            ("lapan ratus", 800.0),
            ("2,4 juta", 2_400_000.0),
            ("5,1 ribu", 5100.0),
        ]);
        none_norm(&[
            "seratus",
            "seribu",
            "ribu",
            "juta",
            "ribuan pesan menunggu",
            "Lima, Peru",
            "The Lima office has five servers",
            "kami punya lima server dan dua klaster",
            "distributed tracing and attribute contributors",
            "ada tiga puluh pesan",
        ]);
    }

    #[test]
    fn tagalog() {
        check_norm(&[
            ("limang libo at isang daan", 5100.0),
            ("Limang libo at isang daan", 5100.0),
            ("LIMANG LIBO AT ISANG DAAN", 5100.0),
            ("dalawang libo pitong daan at limampu", 2750.0),
            ("isang libo dalawang daan at limampu", 1250.0),
            ("sanlibo dalawang daan at limampu", 1250.0),
            ("tatlong daan at apatnapu", 340.0),
            ("dalawang milyon apat na raan na libo", 2_400_000.0),
            ("isang daan", 100.0),
            ("apat na raang libo", 400_000.0),
            ("dalawampu't isang libo", 21_000.0),
        ]);
        none_norm(&[
            "daan",
            "libo",
            "sa daan",
            "nasa daan na ang bus",
            "libu-libong tao ang naghihintay",
            "Lima at Cebu",
            "limang minuto na lang",
            "Meet me at the Libo cafe at noon",
        ]);
    }
}
