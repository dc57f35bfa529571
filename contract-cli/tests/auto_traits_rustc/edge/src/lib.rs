// A crate written to exercise each rule of contract-core's auto-trait inference, held
// against rustc by `contract-cli/tests/auto_traits_rustc.rs`: not a workspace member.

use std::cell::{Cell, RefCell, UnsafeCell};
use std::collections::HashMap;
use std::marker::{PhantomData, PhantomPinned};
use std::panic::AssertUnwindSafe;
use std::rc::Rc;
use std::sync::{Arc, Mutex, RwLock, atomic::AtomicUsize, mpsc};
use std::fmt::Debug;
use std::error::Error;

pub mod inner { pub struct Hidden<T>(pub(crate) *const T); unsafe impl<T: Sync> Send for Hidden<T> {} }

pub struct RefT<'a, T>(&'a T);
pub struct MutT<'a, T>(&'a mut T);
pub struct RefSlice<'a, T>(&'a [T]);
pub struct ConstPtr<T>(*const T);
pub struct MutPtr<T>(*mut T);
pub struct Phantom<T>(PhantomData<T>);
pub struct PhantomFn<T>(PhantomData<fn() -> T>);
pub struct PhantomFnArg<T>(PhantomData<fn(T)>);
pub struct PhantomRef<'a, T>(PhantomData<&'a T>);
pub struct PhantomPtr<T>(PhantomData<*const T>);
pub struct Arr<T>([T; 4]);
pub struct Tup<A, B>((A, u8, B));
pub struct Fnp(fn(u8) -> u8);
pub struct DynBox(Box<dyn Fn() + Send>);
pub struct DynBoxSS(Box<dyn Fn() + Send + Sync>);
pub struct DynErr(Box<dyn Error + Send + Sync>);
pub struct DynDebug(Box<dyn Debug>);
pub struct DynRef<'a>(&'a (dyn Debug + Sync));
pub struct DynUws(Box<dyn Debug + std::panic::UnwindSafe + Send>);
pub struct ArcT<T>(Arc<T>);
pub struct RcT<T>(Rc<T>);
pub struct CellT<T>(Cell<T>);
pub struct RefCellT<T>(RefCell<T>);
pub struct UnsafeCellT<T>(UnsafeCell<T>);
pub struct MutexT<T>(Mutex<T>);
pub struct RwLockT<T>(RwLock<T>);
pub struct Atomic(AtomicUsize);
pub struct Sender_<T>(mpsc::Sender<T>);
pub struct Receiver_<T>(mpsc::Receiver<T>);
pub struct Map<K, V>(HashMap<K, V>);
pub struct VecBox<T>(Vec<Box<T>>);
pub struct OptArc<T>(Option<Arc<Mutex<T>>>);
pub struct Assert<T>(AssertUnwindSafe<T>);
pub struct Pinned<T>(T, PhantomPinned);
pub struct Strings(String, Vec<u8>, Box<str>);
pub struct List<T> { pub v: T, pub next: Option<Box<List<T>>> }
pub enum Tree<T> { Leaf(T), Node(Vec<Tree<T>>) }
pub struct UnsafeImpl<T>(*mut T);
unsafe impl<T: Send> Send for UnsafeImpl<T> {}
unsafe impl<T: Send + Sync> Sync for UnsafeImpl<T> {}
pub struct UnsafeImplWhere<T>(*mut T);
unsafe impl<T> Send for UnsafeImplWhere<T> where T: Sync {}
pub struct UnsafeImplAll<T>(Rc<T>);
unsafe impl<T> Send for UnsafeImplAll<T> {}
pub struct UnpinImpl<T>(T, PhantomPinned);
impl<T> Unpin for UnpinImpl<T> {}
pub struct UwsImpl<T>(Cell<T>, &'static mut u8);
impl<T> std::panic::UnwindSafe for UwsImpl<T> {}
impl<T> std::panic::RefUnwindSafe for UwsImpl<T> {}
pub struct UsesHidden<T>(inner::Hidden<T>);
pub struct Nested<T: 'static>(RefT<'static, T>, Tup<T, u8>);
pub union U<T: Copy> { a: T, b: u8 }
pub union U2 { a: u32, b: *const u8 }
pub struct Sized_<T: ?Sized>(Box<T>);
pub struct Unsized<T: ?Sized>(u8, T);
pub struct ArcStr(Arc<str>);
pub struct PinBox<T>(std::pin::Pin<Box<T>>);
pub struct NonNullT<T>(std::ptr::NonNull<T>);
pub struct Wk<T>(std::sync::Weak<T>);
pub struct Once_(std::sync::Once);
pub struct OnceLockT<T>(std::sync::OnceLock<T>);
pub struct Guard<'a, T>(std::sync::MutexGuard<'a, T>);
pub struct RefG<'a, T>(std::cell::Ref<'a, T>);
pub struct ManDrop<T>(std::mem::ManuallyDrop<T>);
pub struct MaybeU<T>(std::mem::MaybeUninit<T>);
pub struct Cow_<'a>(std::borrow::Cow<'a, str>);
pub struct CowT<'a, T: Clone>(std::borrow::Cow<'a, [T]>);
pub struct Iter_<'a, T>(std::slice::Iter<'a, T>);
pub struct IterMut_<'a, T>(std::slice::IterMut<'a, T>);
pub struct VecIntoIter<T>(std::vec::IntoIter<T>);
pub struct Thread_(std::thread::JoinHandle<()>);
pub struct Fut(std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>);
pub struct ResT<T, E>(Result<T, E>);
pub struct Dur(std::time::Duration, std::time::Instant, std::path::PathBuf, std::ffi::OsString);
pub struct Fd(std::fs::File);
pub struct Bt(std::collections::BTreeMap<u8, String>, std::collections::VecDeque<u8>);
pub type Alias<T> = ConstPtr<T>;
pub struct ViaAlias<T>(Alias<T>);
pub struct SelfRef(Option<Box<SelfRef>>, Cell<u8>);
pub struct Mutual1(Option<Box<Mutual2>>);
pub struct Mutual2(Option<Box<Mutual1>>, Rc<u8>);
pub struct Generic2<A, B>(A, PhantomData<B>, Cell<()>);
pub struct RefToCell<'a>(&'a Cell<u8>);
pub struct RefToMutex<'a, T>(&'a Mutex<T>);
pub struct LazyL<T>(std::sync::LazyLock<T>);
pub struct Raw2<T>(*const *const T);
pub struct FnPtrT<T>(fn(T) -> T);
pub struct BoxFnT<T>(Box<dyn Fn(T)>);
pub struct BoxDynSendT<'a, T>(Box<dyn Iterator<Item = T> + Send + 'a>);
pub struct SelfMacroT<T>(Self_::X<T>);
#[allow(non_snake_case)] pub mod Self_ { pub struct X<T>(pub Vec<T>); }

// ---- round 2 ----
macro_rules! send { ($t:ty) => { unsafe impl Send for $t {} unsafe impl Sync for $t {} } }
pub struct MacImpl(*const u8);
send!(MacImpl);
macro_rules! def { () => { pub struct MacDef(*const u8); } }
def!();
pub struct CfgFeatOff { #[cfg(feature = "nope")] p: *const u8, x: u8 }
pub struct CfgFeatOn { #[cfg(feature = "on")] p: *const u8, x: u8 }
pub struct CfgNotFeat { #[cfg(not(feature = "on"))] p: *const u8, x: u8 }
pub struct Plat { #[cfg(windows)] h: *mut u8, #[cfg(unix)] fd: i32 }
pub struct PlatNeg { #[cfg(not(unix))] h: *mut u8, x: u8 }
#[cfg(feature = "nope")] pub struct Twin(*const u8);
#[cfg(not(feature = "nope"))] pub struct Twin(u8);
pub struct CfgTest { #[cfg(test)] p: std::rc::Rc<u8>, x: u8 }
pub struct CfgDebugAssert { #[cfg(debug_assertions)] p: std::rc::Rc<u8>, x: u8 }
pub struct SelfField { pub next: Option<Box<Self>>, pub c: Cell<u8> }
pub struct DefP<T = Rc<u8>>(pub T);
pub struct UsesDef(pub DefP);
pub struct UsesDefG<T>(pub DefP<T>);
pub struct MapDefault(pub HashMap<u8, u8>);
pub struct Foo;
pub struct ParamShadow<Foo>(pub Foo);
mod imp { unsafe impl Send for super::InMod {} }
pub struct InMod(*const u8);
pub struct Reorder<A, B>(*const A, *const B);
unsafe impl<B: Sync, A: Send> Send for Reorder<A, B> {}
pub struct QSized<T: ?Sized>(*const T);
unsafe impl<T: ?Sized + Send> Send for QSized<T> {}
pub struct LtImpl<'a, T>(&'a Cell<T>);
unsafe impl<'a, T: Sync> Send for LtImpl<'a, T> {}
pub struct StaticBound<T>(*const T);
unsafe impl<T: Send + 'static> Send for StaticBound<T> {}
pub struct WhereOther<T>(*const T);
unsafe impl<T> Send for WhereOther<T> where Box<T>: Send {}
pub struct ForU8<T>(*const T);
unsafe impl Send for ForU8<u8> {}
mod m { pub struct String(pub *const u8); pub struct Vec<T>(pub *const T); }
pub mod shadow1 { use super::m::String; pub struct UsesStr(pub String); }
pub mod shadow2 { use super::m::*; pub struct GlobStr(pub String, pub Vec<u8>); }
pub mod shadow3 { pub enum Option<T> { Some(*const T), None } pub struct UsesOpt(pub Option<u8>); }
pub mod shadow4 { pub struct Box<T>(pub *const T); pub struct UsesBox(pub Box<u8>); }
pub struct RawDyn(*const dyn Fn());
pub struct ArcDyn(Arc<dyn Fn() + Send + Sync>);
pub struct PhantomDyn(PhantomData<dyn Fn() + Send>);
pub trait MyTrait: Send + Sync {}
pub struct DynMine(Box<dyn MyTrait>);
pub mod errs { pub trait Error: Send {} pub struct DynLocalErr(pub Box<dyn Error>); }
pub mod dbg { use std::fmt; pub trait Debug: Sync {} pub struct LocalDebug(pub Box<dyn Debug>); pub struct StdDebug(pub Box<dyn fmt::Debug>); }
pub struct CorePaths(core::cell::Cell<u8>, alloc_like::X);
pub mod alloc_like { pub struct X(pub ::core::marker::PhantomData<::std::rc::Rc<u8>>); }
pub struct Renamed(RcAlias<u8>);
use std::rc::Rc as RcAlias;
pub struct EnumStruct { pub e: E2 }
pub enum E2 { A { x: *const u8 }, B(u8), C }
unsafe impl Sync for E2 {}
pub struct GenEnum<T>(Option<E3<T>>);
pub enum E3<T> { A(T), B(std::sync::Mutex<Cell<T>>) }
pub struct FnTraitObj(Box<dyn FnMut(&u8) -> Box<dyn Fn()> + Send>);
pub struct Tuple0(());
pub struct Never_(Option<std::convert::Infallible>);
pub struct SliceDyn<'a>(&'a [&'a dyn Fn()]);
pub struct Ipv(std::net::Ipv4Addr, std::net::SocketAddr, std::num::NonZeroU8, std::ops::Range<u8>);
pub struct IoErr(std::io::Error, std::fmt::Error, std::string::FromUtf8Error);
pub struct ChanTy<T>(std::sync::mpsc::SyncSender<T>, std::sync::Condvar, std::sync::Barrier);
pub struct Bh(std::collections::hash_map::DefaultHasher, std::hash::BuildHasherDefault<std::collections::hash_map::DefaultHasher>);
pub struct CStr_(std::ffi::CString, Box<std::ffi::CStr>, Box<std::path::Path>);
pub struct Stdout_(std::io::Stdout, std::io::StdoutLock<'static>);
pub struct Bufr<R>(std::io::BufReader<R>);
pub struct Peek<I: Iterator>(std::iter::Peekable<I>);
pub struct PeekVec<T>(std::iter::Peekable<std::vec::IntoIter<T>>);
pub struct Chars_<'a>(std::str::Chars<'a>, std::str::SplitWhitespace<'a>);
pub struct BinHeap<T>(std::collections::BinaryHeap<T>, std::collections::BTreeSet<T>, std::collections::LinkedList<T>);
pub struct HashSetT<T>(std::collections::HashSet<T>);
pub struct Entry_<'a, K, V>(std::collections::hash_map::Entry<'a, K, V>);
pub struct Drain_<'a, T>(std::vec::Drain<'a, T>);
pub struct Waker_(std::task::Waker, std::task::Context<'static>);
pub struct Rev<T>(std::cmp::Reverse<T>, std::num::Wrapping<T>);
pub struct Ctl(std::ops::ControlFlow<u8, Rc<u8>>);
pub struct Tls(&'static std::thread::LocalKey<u8>);
pub struct ThreadT(std::thread::Thread, std::thread::ThreadId);
pub struct Ex(std::process::Child, std::process::Command);
pub struct Tcp(std::net::TcpStream);
pub struct AtomicPtr_<T>(std::sync::atomic::AtomicPtr<T>);
pub struct AtomicBoolR<'a>(&'a std::sync::atomic::AtomicBool);
pub struct Exclusive_(std::sync::mpsc::IntoIter<u8>);
pub struct PinT<T>(std::pin::Pin<T>);
pub struct PinRef<'a, T>(std::pin::Pin<&'a mut T>);
pub struct BoxSlice<T>(Box<[T]>);
pub struct RcSlice<T>(Rc<[T]>);
pub struct ArrRef<'a, T>(&'a [T; 3]);
pub struct Nest2<T>(Vec<Vec<Option<(T, Box<[T]>)>>>);

// ---- round 3 ----
pub struct CfgImplOff(*const u8);
#[cfg(feature = "nope")] unsafe impl Send for CfgImplOff {}
pub struct CfgImplOn(*const u8);
#[cfg(feature = "on")] unsafe impl Send for CfgImplOn {}
pub struct CfgImplTest(*const u8);
#[cfg(test)] unsafe impl Send for CfgImplTest {}
pub enum CfgVariant { A(u8), #[cfg(feature = "nope")] B(*const u8) }
pub struct Hrtb(Box<dyn for<'a> Fn(&'a u8) + Send>);
pub struct ViaAliasImpl(*const u8);
pub type AliasImpl = ViaAliasImpl;
unsafe impl Send for AliasImpl {}
pub struct CrateImpl(*const u8);
unsafe impl Send for crate::CrateImpl {}
pub struct CfgAttrField { #[cfg_attr(feature = "nope", allow(unused))] x: std::rc::Rc<u8> }

// ---- cycles: a group of types that name one another, read once ----
// A cycle whose far end lacks a trait: what leaned on "it holds" is read again.
pub struct CycA { pub b: Option<Box<CycB>> }
pub struct CycB { pub a: Vec<CycA>, pub c: Box<CycC> }
pub struct CycC { pub b: Option<Box<CycB>>, pub r: Rc<u8> }
pub struct CycOuter(pub CycB, pub u8);
// A generic cycle that settles on a condition, not on "always".
pub struct CycP<T> { pub q: Box<CycQ<T>> }
pub struct CycQ<T> { pub p: Option<CycP<T>>, pub t: T }
pub struct CycUse(pub CycP<Cell<u8>>, pub CycQ<u8>);
// A wide group (a syntax tree): every node names the others.
pub enum Expr { Lit(u8), Neg(Box<Expr>), Call(Box<Call>), Block(Vec<Stmt>) }
pub struct Call { pub f: Box<Expr>, pub args: Vec<Expr>, pub body: Option<Box<Stmt>> }
pub enum Stmt { Let(Pat, Expr), Expr(Expr), Item(Box<Item>) }
pub enum Pat { Bind(String), Tuple(Vec<Pat>), Lit(Box<Expr>) }
pub struct Item { pub name: String, pub body: Vec<Stmt>, pub default: Option<Expr>, pub cell: Cell<u8> }
