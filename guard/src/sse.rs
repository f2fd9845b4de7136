//! SSE frame codec and the streaming hold (PLACEHOLDER: being written).
