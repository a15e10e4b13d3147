use super::*;
use std::collections::BTreeMap;

#[test]
fn every_variant_reads_back_from_its_id() {
    for (i, variant) in Variant::ALL.iter().enumerate() {
        assert!(GameId::ALL.contains(&variant.game), "{variant}");
        assert_eq!(Variant::parse(&variant.to_string()), Ok(*variant));
        assert!(!Variant::ALL[..i].contains(variant), "{variant} twice");
    }
    let plain: Vec<Variant> = GameId::ALL.map(Variant::plain).into();
    assert_eq!(Variant::ALL[..plain.len()], plain[..]);
    assert_eq!(
        VariantError::UnknownGame("chess".into()).to_string(),
        "unknown game 'chess' (expected push, shuangcheng, maddell, blockade or cannon)"
    );
    assert_eq!(
        Variant::parse("push:solidarity"),
        Err(VariantError::UnknownOption("push:solidarity".into()))
    );
}

#[test]
fn variants_sort_by_their_ids() {
    let mut by_id: Vec<String> = Variant::ALL.iter().map(Variant::to_string).collect();
    by_id.sort();
    let mut variants = Variant::ALL.to_vec();
    variants.sort();
    assert_eq!(
        variants.iter().map(Variant::to_string).collect::<Vec<_>>(),
        by_id
    );
}

#[test]
fn a_variant_map_writes_its_ids_as_keys() {
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Ratings(#[serde(with = "variant_map")] BTreeMap<Variant, u32>);
    let ratings = Ratings(Variant::ALL.iter().map(|v| (*v, 1)).collect());
    let text = serde_json::to_string(&ratings).unwrap();
    assert_eq!(
        text,
        r#"{"blockade":1,"blockade:solidarity":1,"cannon":1,"maddell":1,"push":1,"shuangcheng":1}"#
    );
    assert_eq!(serde_json::from_str::<Ratings>(&text).unwrap(), ratings);
    assert!(serde_json::from_str::<Ratings>(r#"{"chess":1}"#).is_err());
}

#[test]
fn sides_are_x_and_o() {
    assert_eq!(serde_json::to_string(&Side::X).unwrap(), r#""x""#);
    assert_eq!(serde_json::from_str::<Side>(r#""o""#).unwrap(), Side::O);
    assert!(serde_json::from_str::<Side>(r#""X""#).is_err());
    for side in Side::BOTH {
        assert_eq!(Side::from_letter(&side.letter().to_string()), Some(side));
        assert_eq!(side.opponent().opponent(), side);
    }
}

#[test]
fn statuses_write_the_protocols_pair_and_read_it_back() {
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Frame {
        room: String,
        #[serde(flatten)]
        status: Status,
        after: u8,
    }
    let cases = [
        (Status::Ongoing, r#""status":"ongoing","reason":null"#),
        (
            Status::Win(Side::X, EndReason::Resigned),
            r#""status":"x-wins","reason":"resigned""#,
        ),
        (
            Status::Win(Side::O, EndReason::SixPushedOff),
            r#""status":"o-wins","reason":"six-pushed-off""#,
        ),
        (
            Status::Draw(EndReason::Agreed),
            r#""status":"draw","reason":"agreed""#,
        ),
        (
            Status::Draw(EndReason::Aborted),
            r#""status":"aborted","reason":"aborted""#,
        ),
    ];
    for (status, fields) in cases {
        let frame = Frame {
            room: "R".into(),
            status,
            after: 1,
        };
        let text = serde_json::to_string(&frame).unwrap();
        assert_eq!(text, format!(r#"{{"room":"R",{fields},"after":1}}"#));
        assert_eq!(serde_json::from_str::<Frame>(&text).unwrap(), frame);
    }
    for bad in [
        r#"{"room":"R","status":"ongoing","reason":"resigned","after":1}"#,
        r#"{"room":"R","status":"x-wins","reason":null,"after":1}"#,
        r#"{"room":"R","status":"draw","reason":"aborted","after":1}"#,
        r#"{"room":"R","status":"aborted","reason":"agreed","after":1}"#,
        r#"{"room":"R","status":"x-wins","reason":"on-fire","after":1}"#,
        r#"{"room":"R","status":"won","reason":"resigned","after":1}"#,
        r#"{"room":"R","status":"ongoing","after":1}"#,
    ] {
        assert!(serde_json::from_str::<Frame>(bad).is_err(), "{bad}");
    }
}

#[test]
fn only_the_servers_ends_are_decided_by_it() {
    let decided: Vec<EndReason> = EndReason::ALL
        .into_iter()
        .filter(|r| r.is_decided_by_server())
        .collect();
    assert_eq!(
        decided,
        [
            EndReason::Resigned,
            EndReason::Agreed,
            EndReason::Abandoned,
            EndReason::Aborted,
            EndReason::OutOfTime
        ]
    );
    for reason in EndReason::ALL {
        assert_eq!(EndReason::from_name(reason.name()), Some(reason));
    }
    assert!(!Status::Ongoing.is_decided_by_server());
}
