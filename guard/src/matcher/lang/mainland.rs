//! Thai, Khmer and Burmese, read as written (their own passes, only on text holding their
//! letters). None of them spaces the words of a number, so each is one compound: a run of
//! letters is read when all of it splits into number words (`ห้าพันหนึ่งร้อย`), and a number
//! glued into a sentence (no space around it, as these scripts write) is not read.
//!
//! - Thai: `ห้าพันหนึ่งร้อย` (5100), `สองพันเจ็ดร้อยห้าสิบ` (2750): a unit times `สิบ` (tens;
//!   `ยี่สิบ` 20, `สิบ` alone 10), `เอ็ด` (1 after tens), `ร้อย`, `พัน`, `หมื่น` (10^4), `แสน`
//!   (10^5), `ล้าน` (10^6).
//! - Khmer: `ប្រាំពាន់មួយរយ` (5100), `ពីរពាន់ប្រាំពីររយហាសិប` (2750): 6–9 as five and a unit
//!   (`ប្រាំពីរ` 7), `ដប់` (10, open to a unit), the tens (`ម្ភៃ`, `សាមសិប`…`កៅសិប`), `រយ`,
//!   `ពាន់`, `ម៉ឺន` (10^4), `សែន` (10^5), `លាន` (10^6).
//! - Burmese: `ငါးထောင့်တစ်ရာ` (5100), `နှစ်ထောင့်ခုနစ်ရာငါးဆယ်` (2750): a unit times `ဆယ်`
//!   (tens), `ရာ` (100), `ထောင်` (1000), `သောင်း` (10^4), `သိန်း` (10^5), `သန်း` (10^6), each
//!   also in its creaky form before more (`ဆယ့်`, `ရာ့`, `ထောင့်`).
use super::lexicon::M::{self, Hundred, Scale, Tens, Unit};

pub(super) const TH: &[(&str, M)] = &[
    ("หนึ่ง", Unit(1)),
    ("สอง", Unit(2)),
    ("ยี่", Unit(2)),
    ("สาม", Unit(3)),
    ("สี่", Unit(4)),
    ("ห้า", Unit(5)),
    ("หก", Unit(6)),
    ("เจ็ด", Unit(7)),
    ("แปด", Unit(8)),
    ("เก้า", Unit(9)),
    ("สิบ", M::TenTimes),
    ("เอ็ด", M::TailUnit(1)),
    ("ร้อย", Hundred),
    ("พัน", Scale(1_000)),
    ("หมื่น", Scale(10_000)),
    ("แสน", Scale(100_000)),
    ("ล้าน", Scale(1_000_000)),
];

pub(super) const KM: &[(&str, M)] = &[
    ("មួយ", Unit(1)),
    ("ពីរ", Unit(2)),
    ("បី", Unit(3)),
    ("បួន", Unit(4)),
    ("ប្រាំ", Unit(5)),
    ("ប្រាំមួយ", Unit(6)),
    ("ប្រាំពីរ", Unit(7)),
    ("ប្រាំបី", Unit(8)),
    ("ប្រាំបួន", Unit(9)),
    ("ដប់", Tens(10)),
    ("ម្ភៃ", Tens(20)),
    ("សាមសិប", Tens(30)),
    ("សែសិប", Tens(40)),
    ("ហាសិប", Tens(50)),
    ("ហុកសិប", Tens(60)),
    ("ចិតសិប", Tens(70)),
    ("ប៉ែតសិប", Tens(80)),
    ("កៅសិប", Tens(90)),
    ("រយ", Hundred),
    ("ពាន់", Scale(1_000)),
    ("ម៉ឺន", Scale(10_000)),
    ("សែន", Scale(100_000)),
    ("លាន", Scale(1_000_000)),
];

pub(super) const MY: &[(&str, M)] = &[
    ("တစ်", Unit(1)),
    ("နှစ်", Unit(2)),
    ("သုံး", Unit(3)),
    ("လေး", Unit(4)),
    ("ငါး", Unit(5)),
    ("ခြောက်", Unit(6)),
    ("ခုနစ်", Unit(7)),
    ("ခုနှစ်", Unit(7)),
    ("ရှစ်", Unit(8)),
    ("ကိုး", Unit(9)),
    ("ဆယ်", M::TenTimes),
    ("ဆယ့်", M::TenTimes),
    ("ရာ", Hundred),
    ("ရာ့", Hundred),
    ("ထောင်", Scale(1_000)),
    ("ထောင့်", Scale(1_000)),
    ("သောင်း", Scale(10_000)),
    ("သိန်း", Scale(100_000)),
    ("သန်း", Scale(1_000_000)),
];

#[cfg(test)]
mod tests {
    use super::super::tests::{check_marked, none_marked};

    #[test]
    fn thai_khmer_burmese() {
        check_marked(&[
            ("ห้าพันหนึ่งร้อย", 5100.0),
            ("สองพันเจ็ดร้อยห้าสิบ", 2750.0),
            ("สามพันแปดร้อยเจ็ดสิบห้า", 3875.0),
            ("หนึ่งพันสี่ร้อยยี่สิบ", 1420.0),
            ("ค่า ห้าพันหนึ่งร้อย ข้อความ", 5100.0),
            ("สองพันสิบเอ็ด", 2011.0),
            ("ប្រាំពាន់មួយរយ", 5100.0),
            ("ពីរពាន់ប្រាំពីររយហាសិប", 2750.0),
            ("បីពាន់ប្រាំបីរយចិតសិបប្រាំ", 3875.0),
            ("មួយពាន់បួនរយម្ភៃ", 1420.0),
            ("ငါးထောင့်တစ်ရာ", 5100.0),
            ("နှစ်ထောင့်ခုနစ်ရာငါးဆယ်", 2750.0),
            ("သုံးထောင့်ရှစ်ရာခုနစ်ဆယ့်ငါး", 3875.0),
            ("တစ်ထောင့်လေးရာနှစ်ဆယ်", 1420.0),
        ]);
        none_marked(&[
            // Ordinary words and sentences, a lone scale.
            "ร้อยละห้า",
            "พัน",
            "สวัสดีครับ ผมชื่อสมชาย",
            "รอยเท้า",
            "រយៈពេល",
            "សួស្តី",
            "ရာသီဥတု",
            "မင်္ဂလာပါ",
        ]);
    }
}
