//! One evaluation per game. Each scores a position for the side to move, in hundredths of a
//! piece; the weights were set by self-play matches (see the README's table).

mod blockade;
mod cannon;
mod maddell;
mod push;
mod shuangcheng;
