//! Parts of a shape that a reader of the sources could not decide: members under a
//! `#[cfg]` it cannot evaluate (a build script's cfg, before the script has run).
//! Neither present nor absent, such a member is taken as the golden has it, so that
//! it makes no delta: a verdict the compiler's build could contradict is never
//! given ("cannot tell, not counted").

use crate::delta::Member;
use crate::shape::{ItemShape, Symbol};

/// The inherent methods, consts and types `golden` has and `current` does not: what
/// an `impl` block's macro may define (the members it defines cannot be read without
/// expanding it).
pub fn missing_members(current: &Symbol, golden: &Symbol) -> Vec<Member> {
    let methods = golden
        .methods
        .keys()
        .filter(|n| !current.methods.contains_key(*n));
    let consts = golden
        .consts
        .keys()
        .filter(|n| !current.consts.contains_key(*n));
    let types = golden
        .types
        .keys()
        .filter(|n| !current.types.contains_key(*n));
    methods
        .map(|n| Member::method(n))
        .chain(consts.map(|n| Member::AssocConst { name: n.clone() }))
        .chain(types.map(|n| Member::AssocType { name: n.clone() }))
        .collect()
}

/// Makes `member` of `current` what it is in `golden`: there (at the golden's
/// place, for a field or a variant) when the golden has it, gone when it does not.
/// False for a member this does not know how to take over (the item, a row…).
pub fn take_from_golden(current: &mut Symbol, golden: &Symbol, member: &Member) -> bool {
    match member {
        Member::Method { name } => match (&mut current.item, &golden.item) {
            (Some(ItemShape::Trait(c)), Some(ItemShape::Trait(g))) => {
                take_entry(&mut c.methods, &g.methods, name)
            }
            (Some(ItemShape::Trait(_)), _) => false,
            _ => take_entry(&mut current.methods, &golden.methods, name),
        },
        Member::AssocConst { name } => match (&mut current.item, &golden.item) {
            (Some(ItemShape::Trait(c)), Some(ItemShape::Trait(g))) => {
                take_entry(&mut c.consts, &g.consts, name)
            }
            (Some(ItemShape::Trait(_)), _) => false,
            _ => take_entry(&mut current.consts, &golden.consts, name),
        },
        Member::AssocType { name } => match (&mut current.item, &golden.item) {
            (Some(ItemShape::Trait(c)), Some(ItemShape::Trait(g))) => {
                take_entry(&mut c.types, &g.types, name)
            }
            (Some(ItemShape::Trait(_)), _) => false,
            _ => take_entry(&mut current.types, &golden.types, name),
        },
        Member::Field { name } => match (&mut current.item, &golden.item) {
            (Some(ItemShape::Struct(c)), Some(ItemShape::Struct(g))) => {
                take_listed(&mut c.fields, &g.fields, |f| &f.name, name)
            }
            (Some(ItemShape::Union(c)), Some(ItemShape::Union(g))) => {
                take_listed(&mut c.fields, &g.fields, |f| &f.name, name)
            }
            _ => false,
        },
        Member::Variant { name } => match (&mut current.item, &golden.item) {
            (Some(ItemShape::Enum(c)), Some(ItemShape::Enum(g))) => {
                take_listed(&mut c.variants, &g.variants, |v| &v.name, name)
            }
            _ => false,
        },
        Member::VariantField { variant, name } => match (&mut current.item, &golden.item) {
            (Some(ItemShape::Enum(c)), Some(ItemShape::Enum(g))) => {
                let now = c.variants.iter_mut().find(|v| &v.name == variant);
                let was = g.variants.iter().find(|v| &v.name == variant);
                match (now, was) {
                    (Some(now), Some(was)) => {
                        take_listed(&mut now.fields, &was.fields, |f| &f.name, name)
                    }
                    // The variant itself is new or gone: that is its own delta.
                    _ => false,
                }
            }
            _ => false,
        },
        _ => false,
    }
}

fn take_entry<T: Clone>(
    current: &mut std::collections::BTreeMap<String, T>,
    golden: &std::collections::BTreeMap<String, T>,
    name: &str,
) -> bool {
    match golden.get(name) {
        Some(g) => current.insert(name.to_owned(), g.clone()),
        None => current.remove(name),
    };
    true
}

/// In a list (fields, variants), by name: the golden's element at the place it has
/// there among the elements both have, or none.
fn take_listed<T: Clone>(
    current: &mut Vec<T>,
    golden: &[T],
    name_of: impl Fn(&T) -> &String,
    name: &str,
) -> bool {
    current.retain(|e| name_of(e) != name);
    let Some(at) = golden.iter().position(|e| name_of(e) == name) else {
        return true;
    };
    // After the last element the golden has before it (and the current still has).
    let before: Vec<&String> = golden[..at].iter().map(&name_of).collect();
    let place = current
        .iter()
        .rposition(|e| before.contains(&name_of(e)))
        .map_or(0, |i| i + 1);
    current.insert(place, golden[at].clone());
    true
}

#[cfg(all(test, feature = "syntax"))]
mod tests {
    use super::*;
    use crate::assemble;

    /// The one symbol `source`'s items make, as registered under the name `V`.
    fn symbol(source: &str) -> Symbol {
        let file = syn::parse_file(source).unwrap();
        let mut registered = Vec::new();
        for item in &file.items {
            for e in crate::syntax::extract_all(item, &Default::default()).unwrap() {
                registered.push(assemble::Registered {
                    name: "V".to_owned(),
                    module: "k".to_owned(),
                    fragment: e.fragment,
                });
            }
        }
        assemble::assemble(&registered)
            .unwrap()
            .remove("V")
            .unwrap()
    }

    #[test]
    fn a_member_takes_the_goldens_form_and_place() {
        let golden = symbol(
            "pub struct V { pub a: u8, pub b: u16, pub c: u32 }\n\
             impl V { pub const STAR: u8 = 1; pub fn new() -> V { todo!() } }",
        );
        let mut current = symbol(
            "pub struct V { pub a: u8, pub c: u32 }\n\
             impl V { pub fn new() -> V { todo!() } }",
        );
        let field = Member::Field { name: "b".into() };
        let star = Member::AssocConst {
            name: "STAR".into(),
        };
        assert!(take_from_golden(&mut current, &golden, &field));
        assert!(take_from_golden(&mut current, &golden, &star));
        assert_eq!(current, golden);
        // What the golden lacks is gone.
        let mut current = symbol("impl V { pub fn new() -> V { todo!() } pub fn extra() {} }");
        let golden = symbol("impl V { pub fn new() -> V { todo!() } }");
        let extra = Member::Method {
            name: "extra".into(),
        };
        assert!(take_from_golden(&mut current, &golden, &extra));
        assert_eq!(current, golden);
        assert!(!take_from_golden(&mut current, &golden, &Member::Item));
    }
}
