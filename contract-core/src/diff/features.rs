//! Cargo features (see [`crate::features`]): on by default or not, and which of the
//! package's features each turns on. A feature removed or added is a symbol removed
//! or added; a hidden feature's own changes are demoted as any hidden item's are. A
//! feature the current sources do not name and that turns on nothing gates no code
//! ([`Symbol::inert_features`]): no longer turning it on changes no consumer's build
//! (a release that made its code unconditional), so that is additive. So is a feature
//! dropped from the defaults that no source names and whose every effect the defaults
//! still have ([`Symbol::redundant_features`]).

use super::Cx;
use crate::delta::{Class, DeltaKind, Member, Note, Shown};
use crate::shape::{FeatureShape, ItemShape, Symbol};

/// The feature family.
pub fn diff(cx: &mut Cx<'_>, before: &Symbol, after: &Symbol) {
    let (Some(ItemShape::Feature(old)), Some(ItemShape::Feature(new))) =
        (&before.item, &after.item)
    else {
        return;
    };
    let shown = |f: &FeatureShape| Shown::Item(Box::new(ItemShape::Feature(f.clone())));
    let inert = |feature: &str| after.inert_features.contains(feature);
    if old.default != new.default {
        let kind = match new.default {
            true => DeltaKind::FeatureNowDefault,
            false => DeltaKind::FeatureNoLongerDefault,
        };
        let mut delta = cx.delta(kind, Member::Item).change(shown(old), shown(new));
        let this = crate::features::feature_of(cx.symbol).unwrap_or(cx.symbol);
        if !new.default && inert(this) {
            delta = delta
                .note(Note::FeatureGatesNothing(this.to_owned()))
                .class(Class::Additive);
        } else if !new.default && after.redundant_features.contains(this) {
            delta = delta
                .note(Note::FeatureCoveredByDefault(this.to_owned()))
                .class(Class::Additive);
        }
        cx.push(delta);
    }
    for gone in old.enables.difference(&new.enables) {
        let mut delta = cx
            .delta(DeltaKind::FeatureNoLongerEnables, Member::Item)
            .change(shown(old), shown(new));
        // Gone from the package (sha1 0.10.7's `asm` no longer turns on the optional
        // dependency `sha1-asm`, which is gone): no code of this release is under it,
        // and the crate named none of that dependency's items (its own removal, and
        // any item it gated, is reported on its own symbol).
        let gone_from_package =
            !after.package_features.is_empty() && !after.package_features.contains(gone);
        delta = match inert(gone) || gone_from_package {
            true => delta
                .note(Note::FeatureGatesNothing(gone.clone()))
                .class(Class::Additive),
            false => delta.note(Note::Feature(gone.clone())),
        };
        // Code under an unstable or private feature is no one's documented API.
        if crate::features::is_hidden(gone) && !cx.policy.doc_hidden_is_api {
            delta = delta.class(Class::Additive);
            delta.hidden = true;
        }
        cx.push(delta);
    }
    for added in new.enables.difference(&old.enables) {
        let delta = cx
            .delta(DeltaKind::FeatureNowEnables, Member::Item)
            .note(Note::Feature(added.clone()))
            .change(shown(old), shown(new));
        cx.push(delta);
    }
}
